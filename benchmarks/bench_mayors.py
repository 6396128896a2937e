"""Benchmark: offices of Mayor (both texts) as the number of corporations grows. Reports seconds and ratios only.

    python benchmarks/bench_mayors.py
"""
from common import median_time
import pandas as pd
import reservation_law as rl
from reservation_law.core.bodies import example_path, load_bodies


def scaled(k: int) -> pd.DataFrame:
    "The bundled 17 corporations repeated k times (illustrative; names made unique)."
    base = load_bodies(example_path())
    parts = [base.assign(body=base.body + f' {i}', sc=base.sc + i) for i in range(k)]
    return pd.concat(parts, ignore_index=True)


def main():
    print(f"{'statute':16} {'bodies':>6} {'seconds':>8} {'× validation':>13} {'per body vs 17':>15}")
    for sid in ('up-mayor-1994', 'up-mayor-2023'):
        base = None
        for k in (1, 10, 100):
            df = scaled(k)
            first = rl.allot(sid, df)
            t = median_time(lambda: rl.allot(sid, df, previous=first.table[['body', 'category']]))
            v = median_time(lambda: load_bodies(df))
            base = base or t / len(df)
            print(f"{sid:16} {len(df):6d} {t:8.3f} {t / v:13.1f} {t / len(df) / base:15.2f}")


if __name__ == '__main__':
    main()
