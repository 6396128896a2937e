"""No notebook cell mixes imports with other code: nbdev's docs processor (`proc_nbs`, run by docs/build.py) warns
with the cell's whole code for each such cell. Checked as nbdev checks it (its own `_do_eval`), without running a cell."""
import warnings
from pathlib import Path
from nbdev.process import NBProcessor
from nbdev.processors import _do_eval

NBS = Path(__file__).resolve().parents[1] / 'nbs'


def mixed_cells(path) -> list:
    "The cells of a notebook that nbdev would warn about: imports and other code in one cell."
    found = []
    def each(cell):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            _do_eval(cell)
        if any('imports and other code' in str(x.message) for x in w): found.append(cell.source.splitlines()[0])
    NBProcessor(path, procs=[each]).process()
    return found


def test_no_cell_mixes_imports_and_other_code():
    bad = {p.name: c for p in sorted(NBS.glob('*.ipynb')) if (c := mixed_cells(p))}
    assert not bad, f"cells with imports and other code (split them): {bad}"


def test_the_check_finds_a_mixed_cell(tmp_path):
    "The check can fail: a notebook with one such cell."
    import json          # the notebook written as JSON (nbformat would import and run a JSON-schema validator: seconds)
    cell = {'cell_type': 'code', 'execution_count': None, 'id': 'a1', 'metadata': {}, 'outputs': [], 'source': ['import os\n', 'x = 1']}
    nb = {'cells': [cell], 'metadata': {}, 'nbformat': 4, 'nbformat_minor': 5}
    (tmp_path / 'x.ipynb').write_text(json.dumps(nb), encoding='utf-8')
    assert mixed_cells(tmp_path / 'x.ipynb') == ['import os']
