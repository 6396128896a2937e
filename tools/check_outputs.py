"""Outputs that stay true: execute every notebook afresh and fail if a stored output differs from the fresh one.

    python tools/check_outputs.py                 # every notebook in nbs/, two at a time
    python tools/check_outputs.py nbs/11_up_mayor_2023.ipynb --workers 1

Each notebook runs as `exec_nb` runs it (execnb's `CaptureShell`, in the notebook's folder, `IN_TEST=1`), with the
cells nbdev_test skips skipped (`#| eval: false`, the `tst_flags` of settings.ini, `skip_exec` front matter) and
not compared. A cell that raises fails the check, as it fails `nbdev_test`: this check replaces it in `make test`.

Compared: every output's type, stream name and text, and each MIME type's content, after taking out what
depends on the machine and not on the law:
- execution counts (not compared at all);
- show_doc's `[source](…#L123)` line numbers;
- memory addresses (`at 0x7f…`), pandas Styler ids (`T_1a2b3`), the work tree's path;
- timings (`in 1.2 s`, `Wall time: …`, `CPU times: …`);
- the bytes of a PNG/SVG image (fonts and libraries draw them differently): only that an image is there (a PNG
  inside HTML too: a folded answer's picture);
- the `text/plain` form of an output that also has `text/html` (a pandas table: its text form wraps or elides
  columns by the width of the terminal that ran it); the HTML, which the site shows, is compared.
Refresh a notebook's stored outputs with
`cd nbs && ../.venv/bin/exec_nb X.ipynb --dest X.ipynb && cd .. && .venv/bin/nbdev_clean`.
"""
import argparse, configparser, difflib, os, re, sys, time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ('image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf')
MACHINE = [
    (re.compile(r'(\[source\]\([^)#]*)#L\d+(?:-L?\d+)?\)'), r'\1)'),   # show_doc's link to a source line
    (re.compile(r'\s+at 0x[0-9a-fA-F]+'), ''),                          # memory addresses in reprs (nbdev_clean drops them)
    (re.compile(r'\bT_[0-9a-f]{5}(?=[_"\s])'), 'T_…'),                  # pandas Styler's random table ids
    (re.compile(r'(Wall time|CPU times|took|in)\s*:?\s*\d+(?:\.\d+)?\s?(?:ns|µs|us|ms|s|sec|seconds|min)\b'), r'\1 …'),
    (re.compile(r'\b\d+\.\d+\s?(?:ns|µs|us|ms|s)\b'), '… s'),                 # '0.023 s': a timing
    (re.compile(r'/tmp/[\w./-]+'), '/tmp/…'),
    (re.compile(r'((?:\bcommit|कमिट) )[0-9a-f]{40}(\+dirty)?'), r'\1…'),   # the commit a result names (a Hindi handout's कमिट): the source it ran from
    (re.compile(r'data:image/png;base64,[A-Za-z0-9+/=]+'), 'data:image/png;base64,…'),   # a picture inside HTML (an answer's)
]


def normalise(text: str) -> str:
    text = text.replace(str(ROOT), '<root>')
    for pat, rep in MACHINE: text = pat.sub(rep, text)
    return text


def _text(v) -> str: return ''.join(v) if isinstance(v, list) else str(v)


def comparable(outputs) -> list:
    "A cell's outputs as plain, machine-independent values (list of (type, key, text))."
    out = []
    for o in outputs or []:
        t = o.get('output_type')
        if t == 'stream': out.append((t, o.get('name', ''), normalise(_text(o.get('text', '')))))
        elif t in ('execute_result', 'display_data'):
            data = o.get('data', {})
            for mime in sorted(data):
                if mime == 'text/plain' and 'text/html' in data: continue   # a table's text form depends on the terminal
                out.append((t, mime, '<image>' if mime in IMAGES else normalise(_text(data[mime]))))
        elif t == 'error': out.append((t, o.get('ename', ''), normalise(_text(o.get('evalue', '')))))
    # consecutive stream outputs of one name are one stream (the stored notebook may have merged them)
    merged = []
    for x in out:
        if merged and x[0] == 'stream' and merged[-1][0] == 'stream' and merged[-1][1] == x[1]:
            merged[-1] = ('stream', x[1], merged[-1][2] + x[2])
        else: merged.append(x)
    return merged


def _skip_flags() -> set:
    ini = configparser.ConfigParser(delimiters=['='])
    ini.read(ROOT / 'settings.ini', encoding='utf-8')
    return set(ini['DEFAULT'].get('tst_flags', '').split())


def _skipped(cell, flags) -> bool:
    "The cells nbdev_test does not run: markdown, `#| eval: false`, a cell marked with one of the `tst_flags`."
    if cell.cell_type != 'code': return True
    for line in cell.source.splitlines():
        if not line.startswith('#|'): break
        d = line[2:].strip()
        if re.match(r'eval\s*:\s*false', d, re.I) or d.split(':')[0].strip() in flags: return True
    return False


def check(path: str) -> tuple:
    "(notebook, seconds, problems): each problem names the cell (number from 0, and its first line)."
    os.environ['IN_TEST'] = '1'
    from execnb.nbio import read_nb
    from execnb.shell import CaptureShell
    import json
    fn = Path(path).resolve()
    t0 = time.time()
    stored = json.loads(fn.read_text(encoding='utf-8'))
    if re.search(r'skip_exec\s*:\s*true', ''.join(''.join(c['source']) for c in stored['cells'][:1])): return str(fn), 0, []
    nb = read_nb(fn)
    flags = _skip_flags()
    sh = CaptureShell(fn)
    sh.set_path(fn.parent)
    problems = []
    cwd = os.getcwd()
    os.chdir(fn.parent)
    try:
        for i, cell in enumerate(nb.cells):
            if _skipped(cell, flags): continue
            cell['outputs'] = []        # execnb keeps a cell's old outputs when its run has none: a stale one would pass
            sh.cell(cell)
            head = (cell.source.splitlines() or [''])[0][:70]
            if sh.exc is not None:
                problems.append(f"cell {i} ({head!r}) raised {type(sh.exc).__name__}: {sh.exc}")
                break
            old, new = comparable(stored['cells'][i].get('outputs')), comparable(cell.get('outputs'))
            if old != new:
                a = '\n'.join(f'[{t} {k}] {v}' for t, k, v in old).splitlines()
                b = '\n'.join(f'[{t} {k}] {v}' for t, k, v in new).splitlines()
                diff = '\n'.join(list(difflib.unified_diff(a, b, 'stored', 'fresh', lineterm='', n=1))[:30])
                problems.append(f"cell {i} ({head!r}): stored output differs from a fresh run\n{diff}")
    finally:
        os.chdir(cwd)
    return str(fn.relative_to(ROOT)), time.time() - t0, problems


def notebooks(args) -> list:
    if args: return [str(Path(a).resolve()) for a in args]
    return [str(p) for p in sorted((ROOT / 'nbs').glob('*.ipynb')) if not p.name.startswith(('_', '.'))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('notebooks', nargs='*')
    ap.add_argument('--workers', type=int, default=2)
    a = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    nbs, failed, t0 = notebooks(a.notebooks), 0, time.time()
    # the longest first, so that two workers finish together
    nbs.sort(key=lambda p: -Path(p).stat().st_size)
    import multiprocessing
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import check_outputs   # by module name: IPython replaces a worker's __main__
    # one fresh process per notebook (each its own kernel state, as exec_nb gives it), forked from a server that
    # has the heavy imports done once
    ctx = multiprocessing.get_context('forkserver')
    ctx.set_forkserver_preload(['check_outputs', 'execnb.shell', 'pandas', 'matplotlib.pyplot', 'reservation_law.procedures.allot'])
    with ProcessPoolExecutor(max_workers=max(1, a.workers), mp_context=ctx, max_tasks_per_child=1) as ex:
        for name, secs, problems in ex.map(check_outputs.check, nbs):
            if problems:
                failed += 1
                print(f"FAIL {name}:", *problems, sep='\n  ')
            else: print(f"ok   {name} ({secs:.1f} s)")
    print("stored outputs " + ("equal a fresh run" if not failed else "differ from a fresh run (see above); refresh them with exec_nb")
          + f" ({time.time() - t0:.0f} s)")
    print(f"{len(nbs) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
