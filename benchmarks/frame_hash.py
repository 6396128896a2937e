"""Benchmark: the content hash of a DataFrame given in code (`record.sha256_frame`, FRAME_HASH) against hashing pandas'
`to_csv` bytes, paired in one process (CPU time), on the SYNTHETIC bodies of `scale.py`. Reported, never asserted; the
two hashes are checked equal on every run.

    python benchmarks/frame_hash.py                  # 1,000,000 rows, 5 pairs
    python benchmarks/frame_hash.py --rows 100000 --runs 9
"""
import argparse, hashlib, statistics, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import synthetic


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--rows', type=int, default=1_000_000)
    ap.add_argument('--runs', type=int, default=5)
    a = ap.parse_args(argv)
    from reservation_law.core.provenance import sha256_frame
    df, T, pairs = synthetic(a.rows), time.process_time, []
    for _ in range(a.runs):
        t = T(); old = hashlib.sha256(df.to_csv(index=False, lineterminator='\n').encode('utf-8')).hexdigest(); x = T() - t
        t = T(); new = sha256_frame(df); y = T() - t
        if old != new: raise SystemExit(f"the hashes differ: {old} (to_csv) and {new} (sha256_frame)")
        pairs.append((x, y))
    r = [y / x for x, y in pairs]
    print(f"{a.rows:,} rows: to_csv then SHA-256 {statistics.median(x for x, _ in pairs):.2f} s, sha256_frame "
          f"{statistics.median(y for _, y in pairs):.2f} s; ratio {statistics.median(r):.2f} ({min(r):.2f}–{max(r):.2f}), "
          f"median of {a.runs} pairs, the same hash")


if __name__ == '__main__':
    main()
