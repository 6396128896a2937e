"""Before/after: the Chairpersons' results of one tree, written to a file, and two such files compared. A change made for
speed must change no result: every table, count, step, warning, assumption, arrangement, division table and reason.

    PYTHONPATH=<copy of the branch point> python benchmarks/compare_chairs.py dump before.pkl
    python benchmarks/compare_chairs.py dump after.pkl
    python benchmarks/compare_chairs.py diff before.pkl after.pkl       # exit 1 on any difference

The cases (deterministic, SYNTHETIC figures drawn as the property tests draw them, tests/test_up_chairpersons_2023.py:
1-5 divisions, 1-24 bodies, populations small and large, so that ties are common), both statutes: on `--every N`
tables of each (default 2) every reading (the dated interpretation, `article-334`, at its default: no date is given)
with one cache shared by the readings of the table (as `check` runs them), and 30 readings drawn at random called
alone; on `--tables N` more tables of each (default 150) 8 readings drawn at random, alone, and the default. Each
result is kept as the SHA-256 of its summary's `repr` (the table with its dtypes, counts, (b)'s counts, steps,
warnings, assumptions, arrangements, the tables of (c), each division's offices, the reasons).
"""
from __future__ import annotations
import argparse, hashlib, pickle, random, sys, warnings
from compare_mayors import _plain, differing


def summary(res) -> dict:
    "Everything of a result a user sees (the table, counts, steps, warnings, arrangements, (c)'s tables, reasons)."
    arrs = {name: (list(a.order), a.by, a.clause) for name, a in res.arrangements.items()}
    frames = {'table': res.table, 'divisions': res.divisions, **{f'(c) {g}': t for g, t in res.division_tables.items()}}
    return {'dtypes': {k: [str(t) for t in f.dtypes] for k, f in frames.items()},
            'table': {c: [_plain(v) for v in res.table[c].tolist()] for c in res.table.columns},
            'counts': _plain(res.counts), 'state': _plain(res.state), 'steps': _plain(list(res.steps)),
            'warnings': _plain(list(res.warnings)), 'assumptions': list(res.assumptions), 'arrangements': arrs,
            'division_tables': {g: {c: [_plain(v) for v in t[c].tolist()] for c in t.columns}
                                for g, t in res.division_tables.items()},
            'divisions': {c: [_plain(v) for v in res.divisions[c].tolist()] for c in res.divisions.columns},
            'divisions_index': list(res.divisions.index), 'reasons': res.reasons().tolist(),
            'interpretations': dict(res.interpretations)}


def table(rng: random.Random):
    "A random State as the property tests draw one."
    import pandas as pd
    nd = rng.randint(1, 5)
    cols = {k: [] for k in ('body', 'division', 'population', 'sc', 'st', 'bc', 'women')}
    for i in range(rng.randint(1, 24)):
        pop = rng.choice([100, 300, 1000]) if rng.random() < 0.5 else rng.randint(1, 400_000)
        a, b, c, d, w = rng.randint(0, 1000), rng.randint(0, 1000), rng.randint(0, 1000), rng.randint(1, nd), rng.randint(300, 600)
        b = b * (1000 - a) // 1000; c = c * (1000 - a - b) // 1000
        for k, v in zip(cols, (f'B{i:02d}', f'D{d}', pop, pop * a // 1000, pop * b // 1000, pop * c // 1000, pop * w // 1000)):
            cols[k].append(v)
    return pd.DataFrame(cols)


def run(sid, df, it, cache) -> object:
    from reservation_law.statutes.up_chairpersons_2023 import chairpersons
    try:
        return hashlib.sha256(repr(summary(chairpersons(df, it, statute=sid, cache=cache))).encode()).hexdigest()
    except Exception as e:                 # an error is a result too: it must be the same
        return ('error', type(e).__name__, str(e))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    d = sub.add_parser('dump'); d.add_argument('out'); d.add_argument('--tables', type=int, default=150)
    d.add_argument('--every', type=int, default=2)
    c = sub.add_parser('diff'); c.add_argument('a'); c.add_argument('b')
    a = ap.parse_args(argv)
    warnings.simplefilter('ignore')
    if a.cmd == 'dump':
        from reservation_law.procedures.readings import readings
        rng, got = random.Random(22), {}
        for sid in ('up-palika-parishads-2023', 'up-nagar-panchayats-2023'):
            every = [r for r in readings(sid) if r.get('article-334', 'x') == readings(sid)[0].get('article-334', 'x')]
            for t in range(a.every + a.tables):
                df = table(rng)
                if t < a.every:
                    cache = {}
                    for j, it in enumerate(every): got[f"{sid} table {t} reading {j} cached"] = run(sid, df, it, cache)
                for j in [0] + rng.sample(range(len(every)), 30 if t < a.every else 8):
                    got[f"{sid} table {t} reading {j} alone"] = run(sid, df, every[j], None)
        with open(a.out, 'wb') as f: pickle.dump(got, f)
        print(f"{len(got)} results written to {a.out}")
        return 0
    x, y, bad = differing(a.a, a.b)
    for k in bad[:10]:
        p, q = x.get(k), y.get(k)
        parts = [part for part in p if p[part] != q.get(part)] if isinstance(p, dict) and isinstance(q, dict) else ['all']
        print('differs:', k, parts)
    print(f"{len(x)} results: {len(bad)} differ" if bad else f"{len(x)} results: the same")
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
