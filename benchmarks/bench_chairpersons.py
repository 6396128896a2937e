"""Benchmark: offices of Chairperson for a State-size input (illustrative: 18 divisions, 200 Palika Parishads,
550 Nagar Panchayats), and `check` over every reading of the real 2011 lists (193 Palika Parishads, 424 Nagar
Panchayats; the published list is the default allotment with three categories changed). Reports times and ratios only;
it never gates a test.

    python benchmarks/bench_chairpersons.py
"""
import time
import pandas as pd
from common import median_time
from reservation_law.procedures.allot import allot
from reservation_law.core.bodies import load_bodies, example_path
from reservation_law.procedures.check import check
from reservation_law.statutes.up_chairpersons_2023 import PP, NP, REQUIRED, chairpersons, illustrative_state

REAL = {PP: 'up_palika_parishads_2011_bc_illustrative.csv', NP: 'up_nagar_panchayats_2011_bc_illustrative.csv'}
SWAP = {'UR': 'W', 'W': 'UR', 'SC': 'UR', 'SC-W': 'W', 'ST': 'UR', 'ST-W': 'W', 'BC': 'UR', 'BC-W': 'W'}


def main():
    pp, nps = illustrative_state()
    rows = []
    for sid, df in ((PP, pp), (NP, nps), (NP + ' (state)', nps)):
        it = {'nagar-panchayat-procedure': 'state'} if sid.endswith('(state)') else None
        t = median_time(lambda: chairpersons(df, it, statute=sid.split()[0]))
        v = median_time(lambda: load_bodies(df, REQUIRED))
        rows.append((sid, len(df), t, t / v))
    base = rows[0][2] / rows[0][1]
    print(f"{'statute':34} {'bodies':>6} {'seconds':>8} {'× validation':>13} {'per body vs PP':>15}")
    for sid, n, t, r in rows:
        print(f"{sid:34} {n:6d} {t:8.3f} {r:13.1f} {t / n / base:15.2f}")
    print(f"\n{'check, every reading (real 2011 figures)':42} {'bodies':>6} {'readings':>9} {'seconds':>8}")
    for sid, f in REAL.items():
        bodies = pd.read_csv(example_path(f))
        pub = allot(sid, bodies).table[['body', 'category']]
        pub.loc[[0, 5, 11], 'category'] = [SWAP[c] for c in pub.category[[0, 5, 11]]]
        t0 = time.perf_counter(); c = check(sid, bodies, pub); t = time.perf_counter() - t0
        print(f"{sid:42} {len(bodies):6d} {len(c.readings):9d} {t:8.2f}")


if __name__ == '__main__':
    main()
