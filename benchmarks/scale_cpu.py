"""`scale.py --one`, timed in CPU time as well as wall time: on a machine shared by many jobs (a load of 10 on two cores)
the wall time of the call and of the sort each wait for a core by chance, so their ratio says little; the CPU time of each
(`time.process_time`) does not wait. Reported, never asserted.

    python benchmarks/scale.py --make-previous up-mayor-2023 100000 prev.csv
    PYTHONPATH=<tree> python benchmarks/scale_cpu.py up-mayor-2023 prev.csv     # one JSON line; alternate the trees

The same bodies (`scale.synthetic`), the same sort (best of three) and the same call (`scale.run`) as `scale.py --one`,
in a fresh process; `reservation_law` is the one on PYTHONPATH (this script and `scale` are read from here).
"""
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scale, reservation_law  # imported before timing, as scale.py --one does

st, prev = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
df = scale.synthetic(int(sys.argv[3]) if len(sys.argv) > 3 else 100_000)
sorts = []
for _ in range(3):
    c, w = time.process_time(), time.perf_counter(); scale.baseline(df)
    sorts.append((time.process_time() - c, time.perf_counter() - w))
c, w = time.process_time(), time.perf_counter(); scale.run(st, df, prev)
cpu, wall = time.process_time() - c, time.perf_counter() - w
sc, sw = min(s[0] for s in sorts), min(s[1] for s in sorts)
print(json.dumps({'statute': st, 'package': os.path.dirname(os.path.dirname(reservation_law.__file__)), 'cpu': cpu,
                  'wall': wall, 'sort_cpu': sc, 'sort_wall': sw, 'ratio_cpu': cpu / sc, 'ratio_wall': wall / sw,
                  'load': float(open('/proc/loadavg').read().split()[0])}))
