"tools/check_outputs.py: a stored output that a fresh run would not give fails the check, even where the run gives none."
import json, sys
from pathlib import Path
from conftest import ROOT

sys.path.insert(0, str(ROOT / 'tools'))
import check_outputs  # noqa: E402


def _nb(path: Path, outputs: list) -> str:
    cell = {'cell_type': 'code', 'execution_count': None, 'id': 'a1', 'metadata': {}, 'outputs': outputs, 'source': ['x = 1']}
    path.write_text(json.dumps({'cells': [cell], 'metadata': {}, 'nbformat': 4, 'nbformat_minor': 5}), encoding='utf-8')
    return str(path)


def test_a_stale_output_of_a_cell_that_now_prints_nothing_is_caught(tmp_path, monkeypatch):
    monkeypatch.setattr(check_outputs, 'ROOT', tmp_path)        # it names a notebook by its path under ROOT
    stale = [{'ename': 'NameError', 'evalue': "name 'date' is not defined", 'output_type': 'error', 'traceback': []}]
    _, _, problems = check_outputs.check(_nb(tmp_path / 'stale.ipynb', stale))
    assert len(problems) == 1 and 'stored output differs' in problems[0]
    _, _, problems = check_outputs.check(_nb(tmp_path / 'fresh.ipynb', []))
    assert problems == []


def test_check_sync_gives_a_file_rewritten_with_the_same_bytes_its_time_back(tmp_path, monkeypatch):
    """nbdev_export rewrites every module; one left newer than its bytecode would be compiled again by every later
    process (`make bytecode`). A file rewritten with the same bytes keeps its time; a changed one is reported."""
    import os, stat
    import check_sync
    (tmp_path / 'pkg').mkdir(); (tmp_path / 'bin').mkdir()
    same, changed = tmp_path / 'pkg' / 'same.py', tmp_path / 'pkg' / 'changed.py'
    same.write_text('x = 1\n'); changed.write_text('y = 1\n')
    for p in (same, changed): os.utime(p, ns=(10**18, 10**18))
    tool = tmp_path / 'bin' / 'rewrite'
    tool.write_text(f"#!/bin/sh\nprintf 'x = 1\\n' > {same}\nprintf 'y = 2\\n' > {changed}\n")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(check_sync, 'ROOT', tmp_path); monkeypatch.setattr(check_sync, 'BIN', tmp_path / 'bin')
    assert check_sync.check('rewrite', ['pkg/*.py'], 'test') is False
    assert same.stat().st_mtime_ns == 10**18 and changed.stat().st_mtime_ns != 10**18
    tool.write_text(f"#!/bin/sh\nprintf 'x = 1\\n' > {same}\n")
    assert check_sync.check('rewrite', ['pkg/*.py'], 'test') is True and same.stat().st_mtime_ns == 10**18


def test_the_commit_a_result_names_is_taken_out_in_english_and_in_hindi():
    "The commit a handout's head names (in a Hindi handout, after कमिट) depends on the checkout, not on the law; a hash elsewhere stays."
    sha = '0123456789abcdef' * 2 + '01234567'
    for word in ('commit', 'कमिट'):
        assert check_outputs.normalise(f'reservation_law 0.8.2, {word} {sha}+dirty') == f'reservation_law 0.8.2, {word} …'
    assert check_outputs.normalise(f'sha256 {sha}') == f'sha256 {sha}'
