"""Fuzz the tool's own saved results: every field of each edited, the edited file read back by the commands that read
a saved result, and every run that ends neither in a result (0), a difference (1) nor a refusal (2) reported.

    python tools/fuzz_saved.py                      # every edit (about 20,000 files, 40,000 runs: 25 minutes on two cores)
    python tools/fuzz_saved.py --sample 0.1         # a tenth of the edits of single fields (the structural ones all run)
    python tools/fuzz_saved.py --keep /tmp/found    # keep each file that ended in an internal error there

The saved results are made afresh in a temporary folder from the bundled 17 corporations (BC illustrative): allot under
both Mayors' texts (the 1994 one under three readings), each a first and a second election; rotate, explain and check
of the 2023 text; seats of the wards. Each field is removed, or set to each of `VALUES`; a table's names are swapped,
repeated or replaced; a record's names are made strangers, repeats or every body; the statute, schema, columns and
command are changed; the text is truncated or given NaN, a BOM, a key twice. Each edit is read by `allot --previous`
and `verify` (and, for a record or a table, `rotate`, `explain` and `check`), in-process (`cli.run`) with
RESERVATION_LAW_DEBUG=1, so that an internal error raises and its place is known. Found this way (issue #22's round
after 0.6.0): 62 runs ending in an internal error, each now refused (CHANGELOG, 0.6.1). A test it finds belongs in
tests/ (tests/test_exhibit.py, the hostile corpus): this script is not part of `make test`.
"""
import argparse, collections, copy, io, json, os, random, signal, sys, tempfile, time, traceback
import multiprocessing as mp
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ['RESERVATION_LAW_DEBUG'] = '1'


def _nested(n):
    x = []
    for _ in range(n): x = [x]
    return x


VALUES = [('null', None), ('true', True), ('0', 0), ('-1', -1), ('1.5', 1.5), ('10**30', 10**30), ('""', ''),
          ('"Agra"', 'Agra'), ('"=1+1"', '=1+1'), ('[]', []), ('[null]', [None]), ('[{}]', [{}]), ('{}', {}),
          ('{"a": 1}', {'a': 1}), ('100,000 x', 'x' * 100_000), ('50 deep', _nested(50))]


def _paths(x, p=()):
    "Every path into `x`; of a list, its first, middle and last items."
    yield p
    if isinstance(x, dict):
        for k, v in x.items(): yield from _paths(v, p + (k,))
    elif isinstance(x, list):
        for i in sorted({0, len(x) // 2, len(x) - 1}) if x else []: yield from _paths(x[i], p + (i,))


def _get(d, p):
    for k in p: d = d[k]
    return d


def _set(d, p, v):
    d = copy.deepcopy(d); _get(d, p[:-1])[p[-1]] = v
    return d


def _del(d, p):
    d = copy.deepcopy(d); del _get(d, p[:-1])[p[-1]]
    return d


def edits(d):
    "(label, the edited result as a dict or as text, structural?) for the saved result `d`."
    seen = collections.Counter()
    for p in _paths(d):
        if not p: continue
        shape = tuple('*' if isinstance(k, int) else k for k in p)
        if shape[0] in ('steps', 'arrangements', 'warnings'):
            seen[shape] += 1
            if seen[shape] > 2: continue                     # a long list of texts: one path shape twice at most
        at = '/'.join(map(str, p))
        yield f'{at} removed', _del(d, p), False
        for name, v in VALUES: yield f'{at} := {name}', _set(d, p, v), False
    t = d.get('table')
    if isinstance(t, list) and t and isinstance(t[0], dict) and 'body' in t[0]:
        names = [r['body'] for r in t]
        yield 'table: row 0 named as row 1', _set(d, ('table', 0, 'body'), names[1]), True
        yield 'table: row 0 a stranger', _set(d, ('table', 0, 'body'), 'Nowhere'), True
        yield 'table: row 0 with spaces', _set(d, ('table', 0, 'body'), f' {names[0]} '), True
        yield 'table: row 0 in lower case', _set(d, ('table', 0, 'body'), names[0].lower()), True
        yield 'table: the last row dropped', dict(d, table=t[:-1]), True
        yield 'table: row 0 twice', dict(d, table=t + [dict(t[0])]), True
        if 'category' in t[0]:
            for c in ('XX', 'sc', 'SC-W ', 'BC-A', 'ST-W', '', None, 5):
                yield f'table: row 0 category {c!r}', _set(d, ('table', 0, 'category'), c), True
            yield 'table: every category SC', dict(d, table=[dict(r, category='SC') for r in t]), True
        rec = (d.get('record') or {}).get('rotation')
        for k, v in (rec.items() if isinstance(rec, dict) else ()):
            if isinstance(v, str) and k not in ('statute', 'rotation'):
                for nm in ('Nowhere', names[-1], names[0].lower()):
                    yield f'record/{k} := {nm!r}', _set(d, ('record', 'rotation', k), nm), True
            for g in (list(v)[:6] if isinstance(v, dict) else ()):
                w, at = v[g], ('record', 'rotation', k, g)
                lists = [(at, w)] if isinstance(w, list) else [(at + (f,), w.get(f, [])) for f in ('passed', 'owed')] if isinstance(w, dict) else []
                for where, _ in lists:
                    for nm, val in (('a stranger', ['Nowhere']), ('a name twice', [names[0]] * 2), ('every body', names),
                                    ('every body three times', names * 3), ('a blank name', [''])):
                        yield f"record/{'/'.join(map(str, where[2:]))}: {nm}", _set(d, where, val), True
                for f in (('start', 'end') if isinstance(w, dict) else ()):
                    for nm in ('Nowhere', names[-1], ''):
                        yield f'record/{k}/{g}/{f} := {nm!r}', _set(d, at + (f,), nm), True
    for s in ('up-mayor-1994', 'up-mayor-2023', 'up-corporation-wards', 'up-palika-parishads-2023', 'nope', 'UP-MAYOR-2023'):
        yield f'statute := {s!r}', dict(d, statute=s), True
        if isinstance((d.get('provenance') or {}).get('statute'), dict):
            e = copy.deepcopy(d); e['provenance']['statute']['id'] = s
            yield f'provenance/statute/id := {s!r}', e, True
    for v in (1, 0, 3, 2.0, '2', True, 10**30):
        yield f'schema_version := {v!r}', dict(d, schema_version=v), True
    if isinstance(d.get('provenance'), dict):
        for cmd in ('seats', 'allot', 'rotate', 'check', 'explain', 'order', 'nope', None):
            e = copy.deepcopy(d); e['provenance']['command'] = cmd
            yield f'provenance/command := {cmd!r}', e, True
    text = json.dumps(d, ensure_ascii=False)
    for label, raw in (('truncated', text[:len(text) // 2]), ('a key twice', text.replace('{', '{"statute": 5, ', 1)),
                       ('NaN', text.replace('"schema_version": 2', '"schema_version": NaN', 1)), ('a BOM', '\ufeff' + text),
                       ('a 5,000-digit number', text.replace('"schema_version": 2', '"schema_version": ' + '9' * 5000, 1)),
                       ('empty', ''), ('a list', '[]')):
        yield f'text: {label}', raw, True


# ---------------------------------------------------------------- the runs, in worker processes
class _Timeout(BaseException): pass


def _alarm(*_): raise _Timeout()


def _init():
    signal.signal(signal.SIGALRM, _alarm)


def _one(argv) -> dict:
    from reservation_law.cli import run
    out, err = io.StringIO(), io.StringIO()
    signal.alarm(60)
    try: code, exc = run(argv, out, err), None
    except _Timeout: code, exc = 'timeout', 'no answer within 60 s'
    except BaseException as x:                       # an internal error (RESERVATION_LAW_DEBUG=1 raises it)
        here = [f'{Path(f.filename).name}:{f.lineno}:{f.name}' for f in traceback.extract_tb(x.__traceback__)
                if 'reservation_law' in f.filename][-3:]
        code, exc = 3, f'{type(x).__name__}: {str(x)[:200]} @ {" < ".join(reversed(here))}'
    finally: signal.alarm(0)
    lines = [l for l in err.getvalue().splitlines() if l.strip()]
    return {'argv': argv[0], 'code': code, 'exc': exc, 'last': lines[-1][:300] if lines else ''}


def _task(job):
    name, label, content, commands, folder, keep = job
    path = Path(folder) / f'{name}.json'
    path.write_text(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False), encoding='utf-8')
    runs = [_one([a.replace('{V}', str(path)).replace('{OUT}', str(Path(folder) / f'out{os.getpid()}')) for a in argv])
            for argv in commands]
    bad = [r for r in runs if r['code'] not in (0, 1, 2)]
    if bad and keep: os.replace(path, Path(keep) / path.name)
    else: path.unlink()
    return name, label, runs


def _saved(folder: Path) -> dict:
    "The saved results to edit, made by the command line: {name: (path, the commands that read an edit of it)}."
    from reservation_law.cli import run
    from reservation_law.core.bodies import example_path
    import pandas as pd
    b, f = str(example_path('up_corporations_17_bc_illustrative.csv')), lambda n: str(folder / n)
    pd.read_csv(b).assign(seats=lambda t: 60 + t.index).to_csv(f('seats.csv'), index=False)
    def cli(*argv):
        assert run([str(a) for a in argv], io.StringIO(), io.StringIO()) == 0, argv
    allot = lambda s, *x: ['allot', s, b, '--previous', '{V}', '-o', '{OUT}.csv', *x]
    out = {}
    for name, s, x in (('m23', 'up-mayor-2023', ()), ('m94', 'up-mayor-1994', ()),
                       ('m94e', 'up-mayor-1994', ('-i', 'previous-election=every-earlier')), ('m94c', 'up-mayor-1994', ('-i', 'rotation=cyclic'))):
        cli('allot', s, b, *x, '-o', f(f'{name}_1.json'))
        cli('allot', s, b, *x, '--previous', f(f'{name}_1.json'), '-o', f(f'{name}_2.json'))
        readers = [allot(s, *x), ['verify', '{V}', b, '--previous', f(f'{name}_1.json')]]
        if name in ('m23', 'm94'):
            readers += [['rotate', s, b, '-k', '2', '--previous', '{V}', '-o', '{OUT}_r.csv'],
                        ['explain', s, b, '--body', 'Agra', '--previous', '{V}', '-o', '{OUT}_e.csv']]
        out[name] = (f(f'{name}_2.json'), readers)
    cli('allot', 'up-mayor-2023', b, '--previous', f('m23_2.json'), '-o', f('m23_3.csv'))
    out['m23'][1].append(['check', 'up-mayor-2023', b, f('m23_3.csv'), '--previous', '{V}'])
    cli('rotate', 'up-mayor-2023', b, '-k', '2', '-o', f('r.json'))
    cli('explain', 'up-mayor-2023', b, '--body', 'Agra', '-o', f('e.json'))
    cli('check', 'up-mayor-2023', b, f('m23_3.csv'), '--previous', f('m23_2.json'), '-o', f('c.json'))
    cli('seats', 'up-corporation-wards', f('seats.csv'), '-o', f('s.json'))
    out.update({'rotate': (f('r.json'), [['verify', '{V}', b]]), 'explain': (f('e.json'), [['verify', '{V}', b]]),
                'check': (f('c.json'), [['verify', '{V}', b, '--previous', f('m23_2.json'), '--published', f('m23_3.csv')]]),
                'seats': (f('s.json'), [['verify', '{V}', f('seats.csv')], allot('up-mayor-2023')])})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--sample', type=float, default=1.0, help='the share of the single-field edits run (the structural ones all run)')
    ap.add_argument('--keep', help='a folder to keep each edited file that ended in an internal error')
    ap.add_argument('--workers', type=int, default=2)
    a = ap.parse_args()
    if a.keep: Path(a.keep).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        saved, rnd, jobs = _saved(folder), random.Random(22), []
        for base, (path, readers) in saved.items():
            d = json.loads(Path(path).read_text(encoding='utf-8'))
            for i, (label, content, structural) in enumerate(edits(d)):
                if structural or rnd.random() < a.sample:
                    deep = label.startswith(('record', 'table'))
                    jobs.append((f'{base}-{i}', f'{base}: {label}', content, readers if deep else readers[:2], tmp, a.keep))
        print(f'{len(jobs):,} edited results, {sum(len(j[3]) for j in jobs):,} runs', flush=True)
        codes, found, t0 = collections.Counter(), collections.defaultdict(list), time.time()
        with mp.Pool(a.workers, initializer=_init, maxtasksperchild=500) as pool:
            for name, label, runs in pool.imap_unordered(_task, jobs, chunksize=4):
                for r in runs:
                    codes[(r['argv'], r['code'])] += 1
                    if r['code'] not in (0, 1, 2): found[(r['argv'], r['exc'] or r['last'])].append(label)
    print(f'in {time.time() - t0:.0f} s; exit codes by command: ' + ', '.join(f'{c} {k}: {n:,}' for (c, k), n in sorted(codes.items(), key=str)))
    for (cmd, what), labels in sorted(found.items(), key=lambda kv: -len(kv[1])):
        print(f'\n{len(labels)} × {cmd}: {what}\n  ' + '\n  '.join(labels[:5]))
    print('\nno internal error' if not found else f'\n{sum(map(len, found.values()))} run(s) ended in an internal error')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
