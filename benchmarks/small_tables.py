"""Benchmark: one allotment of a SMALL table (12 synthetic bodies, with a previous allotment and its record), the unit
the property tests repeat thousands of times; milliseconds of process time per call, the mean of 200 calls.

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
    for sid in ('up-mayor-1994', 'up-mayor-2023'):
        first = rl.allot(sid, df)
        prev = first.table[['body', 'category']].copy(); prev.attrs['record'] = first.record
        t = time.process_time()
        for _ in range(calls): rl.allot(sid, df, previous=prev)
        out.append(f"{sid} {(time.process_time() - t) / calls * 1000:.2f} ms")
    print(Path(rl.__file__).parent.parent, *out)


if __name__ == '__main__':
    main()
