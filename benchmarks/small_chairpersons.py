"""Benchmark: the Chairpersons' statute function called on one 12-body State in 4 divisions drawn as the property tests
draw them (benchmarks/compare_chairs.py `table`), Palika Parishads, default reading: milliseconds of process time a
call, the mean of 1,000 calls after 20 unmeasured; `prof`: cProfile over 300 calls, with pandas' column look-ups and
frames made a call.

    python benchmarks/small_chairpersons.py [prof]                          # this tree
    PYTHONPATH=<other tree> python benchmarks/small_chairpersons.py [prof]   # another (alternate the two)
"""
import sys, random, time, cProfile, pstats, warnings
sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
warnings.simplefilter('ignore')
from compare_chairs import table
from reservation_law.statutes.up_chairpersons_2023 import chairpersons, PP
rng = random.Random(5)
df = table(rng)
while len(df) != 12 or df.division.nunique() < 3: df = table(rng)
for _ in range(20): chairpersons(df, statute=PP)
mode = sys.argv[1] if len(sys.argv) > 1 else 'time'
if mode == 'prof':
    cProfile.run('for _ in range(300): chairpersons(df, statute=PP)', __import__('os').path.join(__import__('tempfile').gettempdir(), 'small_chairpersons.prof'))
    st = pstats.Stats(__import__('os').path.join(__import__('tempfile').gettempdir(), 'small_chairpersons.prof')).stats
    n = lambda f, name: sum(v[1] for k, v in st.items() if k[2] == name and k[0].endswith(f))
    print('DataFrame.__getitem__', n('frame.py', '__getitem__') / 300, 'DataFrame()', n('frame.py', '__init__') / 300,
          'Series()', n('series.py', '__init__') / 300, 'calls', sum(v[1] for v in st.values()) / 300)
else:
    t = time.process_time()
    for _ in range(1000): chairpersons(df, statute=PP)
    print(f"{(time.process_time() - t) / 1000 * 1000:.2f}")
