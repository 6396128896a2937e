"""Benchmark: every statute at 1,000 / 10,000 / 100,000 (/ 1,000,000) synthetic bodies, each time as a RATIO to one
pandas `sort_values` of the same frame by four keys, measured in the same process just before. Reported, never asserted.

    python benchmarks/scale.py                 # the table (each cell in its own child process, with a time budget)
    python benchmarks/scale.py --sizes 1000,10000 --budget 60
    python benchmarks/scale.py --no-previous   # as a first election (no previous allotment)
    python benchmarks/scale.py --one STATUTE N [--previous FILE]   # one cell, as JSON (what the table runs in each child)

`--one` prints the same ratio in CPU time too (`cpu_ratio`: the CPU seconds of the call ÷ those of the sort, both of
this process), steadier than wall time when other work shares the cores.

Each statute that allots offices is given a previous allotment (the default): its own allotment of the same bodies,
made in another child process and written to a CSV file, which the timed call reads as `allot(…, previous=FILE)`:
the first call of a fresh process, paying for reading and checking the previous allotment and for the rotation.

The bodies are SYNTHETIC (made up, deterministic from a seed): names 'Body 000001'…, 18 divisions, populations and
group figures drawn from fixed ranges. They say nothing about any real place.
"""
from __future__ import annotations
import argparse, json, os, resource, shutil, subprocess, sys, tempfile, time

STATUTES = ('up-mayor-1994', 'up-mayor-2023', 'up-corporation-wards', 'up-palika-parishads-2023',
            'up-nagar-panchayats-2023', 'up-nagar-panchayats-2023 (state)', 'municipal-council')
SIZES = (1_000, 10_000, 100_000, 1_000_000)


def synthetic(n: int, seed: int = 2023):
    "A SYNTHETIC table of `n` bodies (made up): every column any statute here needs."
    import numpy as np, pandas as pd
    r = np.random.default_rng(seed)
    pop = r.integers(20_000, 300_000, n)                 # inside the table of the council statute, (1)(a)
    sc = pop * r.integers(50, 350, n) // 1000
    st = pop * r.integers(0, 60, n) // 1000
    bc = pop * r.integers(200, 500, n) // 1000
    return pd.DataFrame({'body': [f'Body {i:07d}' for i in range(n)],
                         'division': [f'Division {d:02d}' for d in r.integers(1, 19, n)],
                         'population': pop, 'sc': sc, 'st': st, 'bc': bc,
                         'women': pop * r.integers(455, 500, n) // 1000, 'seats': r.integers(60, 111, n)})


def baseline(df, clock=time.perf_counter) -> float:
    "Seconds for one pandas sort of the frame by four keys (the yardstick every ratio divides by)."
    t0 = clock()
    df.sort_values(['sc', 'st', 'population', 'body'], ascending=[False, False, False, True])
    return clock() - t0


def allots(statute: str) -> bool:
    "Does the statute allot offices (and so take a previous allotment)? From the catalogue: no statute module imported."
    from reservation_law.core.catalogue import entries
    return next(e for e in entries() if e.id == statute.split()[0]).kind == 'allot'


def run(statute: str, df, previous=None):
    import reservation_law as rl
    sid, it = statute.split()[0], ({'nagar-panchayat-procedure': 'state'} if statute.endswith('(state)') else None)
    s = rl.registry.get(sid)
    if s.kind == 'seats':
        if sid == 'municipal-council': df = df.drop(columns='seats')   # the wards' seats: here the table of (1)(a) gives them
        return rl.seats(sid, df, interpretations=it)
    return rl.allot(sid, df, interpretations=it, previous=previous)


def make_previous(statute: str, n: int, path: str) -> None:
    "The statute's allotment of the `n` synthetic bodies, as the previous election's (body, category) in a CSV file."
    run(statute, synthetic(n)).table[['body', 'category']].to_csv(path, index=False)


def one(statute: str, n: int, previous: str | None = None) -> dict:
    import reservation_law  # imported before timing: import time is the CLI's benchmark, not this one
    df = synthetic(n)
    base = min(baseline(df) for _ in range(3))
    cpu_base = min(baseline(df, time.process_time) for _ in range(3))
    c0, t0 = time.process_time(), time.perf_counter(); run(statute, df, previous)
    t, c = time.perf_counter() - t0, time.process_time() - c0
    return {'statute': statute, 'n': n, 'previous': previous is not None, 'seconds': t, 'sort': base, 'ratio': t / base,
            'maxrss_mb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            'cpu_seconds': c, 'cpu_sort': cpu_base, 'cpu_ratio': c / cpu_base}   # the same in CPU time: steadier on a busy machine


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--sizes', default=','.join(map(str, SIZES)))
    ap.add_argument('--statutes', default=','.join(STATUTES))
    ap.add_argument('--budget', type=float, default=60, help='seconds a cell may take before it is stopped (default 60)')
    ap.add_argument('--no-previous', action='store_true', help='no previous allotment (a first election)')
    ap.add_argument('--one', nargs=2, metavar=('STATUTE', 'N'))
    ap.add_argument('--previous', help='with --one: the previous allotment (CSV)')
    ap.add_argument('--make-previous', nargs=3, metavar=('STATUTE', 'N', 'FILE'))
    a = ap.parse_args(argv)
    if a.make_previous:
        make_previous(a.make_previous[0], int(a.make_previous[1]), a.make_previous[2]); return
    if a.one:
        print(json.dumps(one(a.one[0], int(a.one[1]), a.previous))); return
    sizes = [int(s) for s in a.sizes.split(',')]
    statutes = a.statutes.split(',')
    head = f"{'statute':34}" + ''.join(f"{f'{n:,}':>22}" for n in sizes)
    print(f"ratio to one pandas 4-key sort of the same frame (seconds, peak MB); budget {a.budget:g} s a cell; "
          + ("no previous allotment" if a.no_previous else "a previous allotment for each statute that allots offices"))
    print(head); print('-' * len(head))
    tmp = tempfile.mkdtemp(prefix='scale-')
    for s in statutes:
        cells, stopped = [], False
        for n in sizes:
            if stopped: cells.append('—'); continue
            try:
                env = {**os.environ, 'PYTHONHASHSEED': '0'}
                extra = []
                if not a.no_previous and allots(s):
                    prev = os.path.join(tmp, f"previous-{s.split()[0]}-{n}.csv")
                    if not os.path.exists(prev):
                        try: mp = subprocess.run([sys.executable, __file__, '--make-previous', s, str(n), prev],
                                                 capture_output=True, text=True, timeout=a.budget * 4, env=env)
                        except subprocess.TimeoutExpired:
                            cells.append(f"(previous > {4 * a.budget:g} s)"); stopped = True; continue
                        if mp.returncode: cells.append('error'); print(mp.stderr[-2000:], file=sys.stderr); stopped = True; continue
                    extra = ['--previous', prev]
                p = subprocess.run([sys.executable, __file__, '--one', s, str(n)] + extra, capture_output=True, text=True,
                                   timeout=a.budget, env=env)
                if p.returncode: cells.append('error'); print(p.stderr[-2000:], file=sys.stderr); stopped = True; continue
                d = json.loads(p.stdout.strip().splitlines()[-1])
                cells.append(f"{d['ratio']:,.0f} ({d['seconds']:.2f} s, {d['maxrss_mb']:,.0f})")
            except subprocess.TimeoutExpired:
                cells.append(f"> {a.budget:g} s"); stopped = True
        print(f"{s:34}" + ''.join(f"{c:>22}" for c in cells), flush=True)
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__':
    main()
