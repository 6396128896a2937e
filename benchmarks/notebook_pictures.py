"""Every picture the notebooks draw, by notebook and cell, to compare two trees byte for byte: a change to the drawing
code that should change no picture (a faster way to draw the same tiles) is checked on all of them. `check_outputs.py`
compares only that a picture is there (its bytes depend on the machine's libraries); on one machine, one tree against
another, the bytes must be equal.

    PYTHONPATH=<tree> python benchmarks/notebook_pictures.py dump a.pkl    # run from the tree (its nbs/ and tools/)
    python benchmarks/notebook_pictures.py compare a.pkl b.pkl            # the pictures that differ, in the order drawn; exit 1 if any

Each notebook runs as `tools/check_outputs.py` runs it (a fresh process each, the cells nbdev_test runs); a picture
is an `image/png` output or a PNG inside an HTML output (a figure with its caption, a folded answer)."""
import multiprocessing, os, pickle, re, sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path.cwd()


def pictures(path: str) -> tuple:
    "(notebook name, [(cell, base64 PNG)]) for one notebook, run afresh."
    os.environ['IN_TEST'] = '1'
    sys.path.insert(0, str(ROOT / 'tools'))
    import check_outputs
    from execnb.nbio import read_nb
    from execnb.shell import CaptureShell
    fn = Path(path).resolve()
    nb, flags = read_nb(fn), check_outputs._skip_flags()
    sh = CaptureShell(fn)
    sh.set_path(fn.parent)
    os.chdir(fn.parent)
    out = []
    for i, cell in enumerate(nb.cells):
        if check_outputs._skipped(cell, flags): continue
        cell['outputs'] = []
        sh.cell(cell)
        for o in cell.get('outputs', []):
            data = o.get('data', {})
            if 'image/png' in data: out.append((i, data['image/png']))
            out += [(i, m) for m in re.findall(r'data:image/png;base64,([A-Za-z0-9+/=]+)', ''.join(data.get('text/html', '')))]
    return fn.name, out


def main(argv) -> int:
    if argv[:1] == ['dump'] and len(argv) == 2:
        nbs = sorted(str(p) for p in (ROOT / 'nbs').glob('*.ipynb') if not p.name.startswith(('_', '.')))
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import notebook_pictures                       # by module name: a worker cannot find this file's __main__
        ctx = multiprocessing.get_context('forkserver')
        with ProcessPoolExecutor(2, mp_context=ctx, max_tasks_per_child=1) as ex:
            got = dict(ex.map(notebook_pictures.pictures, nbs))
        with open(argv[1], 'wb') as f: pickle.dump(got, f)
        print(f"{sum(map(len, got.values()))} pictures from {len(got)} notebooks written to {argv[1]}")
        return 0
    if argv[:1] == ['compare'] and len(argv) == 3:
        a, b = (pickle.load(open(p, 'rb')) for p in argv[1:])
        # the pictures in the order drawn (a cell added before them moves their cell numbers, not their bytes)
        differ = sorted(k for k in a.keys() | b.keys() if [x for _, x in a.get(k, [])] != [x for _, x in b.get(k, [])])
        for k in differ:
            pa, pb = a.get(k, []), b.get(k, [])
            at = [f"{i + 1} (cells {x[0]} / {y[0]})" for i, (x, y) in enumerate(zip(pa, pb)) if x[1] != y[1]]
            print(f"{k}: {len(pa)} and {len(pb)} pictures; differing: {', '.join(at) or 'the count'}")
        print(f"{sum(map(len, a.values()))} pictures: {'the same bytes' if not differ else f'{len(differ)} notebook(s) differ'}")
        return 1 if differ else 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
