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
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('import os\nx = 1')])
    nbformat.write(nb, tmp_path / 'x.ipynb')
    assert mixed_cells(tmp_path / 'x.ipynb') == ['import os']
