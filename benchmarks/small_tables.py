"""Benchmark: one call on a SMALL table (12 synthetic bodies), the unit the property tests and the notebooks repeat
thousands of times; milliseconds of process time per call, the mean of 200 calls. The Mayors with a previous allotment
and its record; the wards' seats and the Nagar Panchayats' Chairpersons as a first election (through the API: the
validation, the provenance and the content hash of the table included: the fixed cost of a call).

    python benchmarks/small_tables.py                          # this tree
    PYTHONPATH=<other tree> python benchmarks/small_tables.py   # another (alternate the two: the load varies)
"""
import sys, time, warnings
from pathlib import Path


def main(calls: int = 200) -> None:
    warnings.simplefilter('ignore')
    import reservation_law as rl
    sys.path.insert(0, str(Path(__file__).parent)); from scale import synthetic
    df, out = synthetic(12, seed=3), []
    def timed(label, f, n=calls):
        f()
        t = time.process_time()
        for _ in range(n): f()
        out.append(f"{label} {(time.process_time() - t) / n * 1000:.2f} ms")
    for sid in ('up-mayor-1994', 'up-mayor-2023'):
        first = rl.allot(sid, df)
        prev = first.table[['body', 'category']].copy(); prev.attrs['record'] = first.record
        timed(sid, lambda: rl.allot(sid, df, previous=prev))
    wards = df.assign(seats=[60 + 7 * i for i in range(len(df))])
    timed('up-corporation-wards', lambda: rl.seats('up-corporation-wards', wards))
    timed('up-nagar-panchayats-2023', lambda: rl.allot('up-nagar-panchayats-2023', df), calls // 4)
    print(Path(rl.__file__).parent.parent, *out, sep='  ')


if __name__ == '__main__':
    main()
