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
