"""Before/after: the Mayors' results of one tree, written to a file, and two such files compared. A change made for speed
must change no result: every table, count, step, warning, assumption, record and arrangement of many allotments.

    PYTHONPATH=<copy of the branch point> python benchmarks/compare_mayors.py dump before.pkl
    python benchmarks/compare_mayors.py dump after.pkl
    python benchmarks/compare_mayors.py diff before.pkl after.pkl       # exit 1 on any difference

The cases (deterministic, SYNTHETIC figures: small ranges, so that ties and bars are common): both texts; tables of 5 to
14 corporations under every reading (the dated interpretations, `article-334` and `in-force-from`, at their defaults:
no date is given), with a random previous allotment (some corporations missing from it), and chained over four
elections (each result, with its record, the next one's previous allotment); larger tables (100 to 3,000) under a
sample of readings, with a random previous allotment read as a table of categories only and chained.
`--quick`: a tenth of the small cases.
"""
from __future__ import annotations
import argparse, dataclasses, pickle, random, sys, warnings


def _plain(x):
    "A result's part as plain Python (dataclasses as dicts), to be compared."
    if dataclasses.is_dataclass(x): return {f.name: _plain(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, dict): return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)): return [_plain(v) for v in x]
    if hasattr(x, 'item') and not isinstance(x, (str, bytes)): return x.item()
    return x


def summary(res) -> dict:
    "Everything of a result a user sees or a later election reads (not the provenance: the tree's commit differs)."
    arrs = {}
    for name, a in res.arrangements.items():
        arr, open_ = a if isinstance(a, tuple) else (a, None)
        arrs[name] = (list(arr.order), arr.by, arr.clause, None if open_ is None else list(open_))
    return {'table': {c: [_plain(v) for v in res.table[c].tolist()] for c in res.table.columns},
            'counts': _plain(res.counts), 'steps': _plain(list(res.steps)), 'warnings': _plain(list(res.warnings)),
            'assumptions': list(res.assumptions), 'record': _plain(res.record), 'arrangements': arrs,
            'interpretations': dict(res.interpretations)}


def bodies(n: int, rng: random.Random):
    import pandas as pd
    pop = [rng.choice([1000, 2000, 3000, 4000, 5000]) * rng.randint(1, 3) for _ in range(n)]
    col = lambda hi: [p * rng.randint(0, hi) // 20 for p in pop]
    return pd.DataFrame({'body': [f'C{i:04d}' for i in range(n)], 'population': pop, 'sc': col(6), 'st': col(2), 'bc': col(8)})


def random_previous(df, codes, rng: random.Random):
    import pandas as pd
    names = [b for b in df['body'] if rng.random() > 0.1]
    return pd.DataFrame({'body': names, 'category': [rng.choice(codes) for _ in names]})


def cases(quick: bool):
    "(key, statute, bodies, previous or None, reading, chain length)."
    from reservation_law.procedures.readings import readings
    rng = random.Random(22)
    for sid in ('up-mayor-2023', 'up-mayor-1994'):
        every = [r for r in readings(sid) if r.get('article-334', 'x') == readings(sid)[0].get('article-334', 'x')
                 and r.get('in-force-from', 'x') == readings(sid)[0].get('in-force-from', 'x')]
        codes = ['SC-W', 'SC', 'ST-W', 'ST', 'BC-W', 'BC', 'W', 'UR', 'UR', 'UR']
        for t in range(3 if quick else 24):
            df = bodies(rng.randint(5, 14), rng)
            prev = random_previous(df, codes, rng)
            for j, it in enumerate(every):
                if quick and j % 10: continue
                yield f"{sid} small {t} reading {j} random", sid, df, prev, it, 1
                if j % 4 == 0: yield f"{sid} small {t} reading {j} chain", sid, df, None, it, 4
        for n in (100, 300, 1000, 3000):
            for t in range(1 if quick else 3):
                df = bodies(n, rng)
                prev = random_previous(df, codes, rng)
                for j in rng.sample(range(len(every)), 2 if quick else 6) + [0]:
                    yield f"{sid} n={n} {t} reading {j} random", sid, df, prev, every[j], 1
                    yield f"{sid} n={n} {t} reading {j} chain", sid, df, None, every[j], 3


def run(key, sid, df, prev, it, chain) -> list:
    import reservation_law as rl
    out = []
    try:
        for e in range(chain):
            res = rl.allot(sid, df, previous=prev, interpretations=it)
            out.append(summary(res))
            prev = res.table[['body', 'category']].copy(); prev.attrs['record'] = res.record
    except Exception as e:                 # an error is a result too: it must be the same
        out.append(('error', type(e).__name__, str(e)))
    return out


def differing(a, b) -> tuple:
    "Two dumps (pickles of {case: results}) and the cases in which they differ, or that one of them lacks."
    with open(a, 'rb') as f: x = pickle.load(f)
    with open(b, 'rb') as f: y = pickle.load(f)
    return x, y, [k for k in x if k not in y or x[k] != y[k]] + [k for k in y if k not in x]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    d = sub.add_parser('dump'); d.add_argument('out'); d.add_argument('--quick', action='store_true')
    c = sub.add_parser('diff'); c.add_argument('a'); c.add_argument('b')
    a = ap.parse_args(argv)
    warnings.simplefilter('ignore')
    if a.cmd == 'dump':
        got = {key: run(key, sid, df, prev, it, chain) for key, sid, df, prev, it, chain in cases(a.quick)}
        with open(a.out, 'wb') as f: pickle.dump(got, f)
        print(f"{len(got)} cases, {sum(len(v) for v in got.values())} results written to {a.out}")
        return 0
    x, y, bad = differing(a.a, a.b)
    for k in bad[:10]:
        print('differs:', k)
        for i, (p, q) in enumerate(zip(x.get(k, []), y.get(k, []))):
            if p != q:
                for part in (p if isinstance(p, dict) else {'': p}):
                    if not isinstance(p, dict) or p[part] != q.get(part): print(f"   election {i + 1}, {part or 'error'}")
    n = sum(len(v) for v in x.values())
    print(f"{len(x)} cases ({n} results): {len(bad)} differ" if bad else f"{len(x)} cases ({n} results): the same")
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
