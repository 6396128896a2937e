"""Benchmark: offices of Chairperson for a State-size input (illustrative: 18 divisions, 200 Palika Parishads,
550 Nagar Panchayats). Reports times and ratios only; it never gates a test.

    python benchmarks/bench_chairpersons.py
"""
from common import median_time
from reservation_law.bodies import load_bodies
from reservation_law.up_chairpersons_2023 import PP, NP, REQUIRED, chairpersons, illustrative_state



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


if __name__ == '__main__':
    main()
