"""Where one `allot` of 100,000 synthetic bodies spends its CPU time, stage by stage, in a fresh process: reading and
checking the bodies, the previous allotment, the statute's own call, the inputs' hashes, and the rest (`_finish`: the
reasons a statute keeps as data rendered, the provenance). Reported, never asserted.

    python benchmarks/scale.py --make-previous up-mayor-2023 100000 prev.csv
    PYTHONPATH=<tree> python benchmarks/allot_stages.py up-mayor-2023 prev.csv      # one line; alternate the trees

The bodies, the sort (best of three, CPU time) and the call are those of `scale_cpu.py`; each stage is timed by wrapping
the function `allot` calls for it (`time.process_time`, so the wrappers' own cost is a few microseconds a stage).
"""
import functools, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scale, reservation_law                                   # imported before timing, as scale.py --one does
from reservation_law.procedures import allot as A
from reservation_law.core import registry

st, prev = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
df = scale.synthetic(int(sys.argv[3]) if len(sys.argv) > 3 else 100_000)
sort = min(scale.baseline(df, time.process_time) for _ in range(3))
spent = {}


def timed(f, stage):
    @functools.wraps(f)
    def g(*a, **k):
        c = time.process_time()
        try: return f(*a, **k)
        finally: spent[stage] = spent.get(stage, 0) + time.process_time() - c
    return g


A.load_bodies, A.load_previous = timed(A.load_bodies, 'bodies'), timed(A.load_previous, 'previous')
A._input, A._finish = timed(A._input, 'hashes'), timed(A._finish, 'finish (reasons, provenance)')
registry.Statute.__call__ = timed(registry.Statute.__call__, 'statute')
c = time.process_time(); scale.run(st, df, prev); total = time.process_time() - c
print(f"{st}: {total:.3f} s of CPU, {total / sort:.1f} x the sort ({sort:.3f} s); "
      + ', '.join(f"{k} {v:.3f}" for k, v in spent.items()) + f", other {total - sum(spent.values()):.3f}")
