"""Where a property test's CPU goes: the named functions of the test module timed in place (process time); the rest is
hypothesis (drawing the examples, and its engine). Run from a tree's root (benchmarks/README.md, "the property tests"):

    SEED=1 python benchmarks/split_property.py test_up_mayor test_counts_allotment_and_row_order=sid:up-mayor-2023 \
        FUNC.up-mayor-2023 check_counts check_allotment        # NAME.KEY: a function kept in a dict of the module
"""
import os, sys, time, importlib, functools
sys.path.insert(0, 'tests')
mod = importlib.import_module(sys.argv[1])
name, _, arg = sys.argv[2].partition('=')
test = getattr(mod, name)
spent = {}
def timed(name, f):
    @functools.wraps(f)
    def g(*a, **k):
        t = time.process_time()
        try: return f(*a, **k)
        finally: spent[name] = spent.get(name, 0) + time.process_time() - t
    return g
for n in sys.argv[3:]:
    if '.' in n:
        d, k = n.split('.'); getattr(mod, d)[k] = timed(n, getattr(mod, d)[k])
    else: setattr(mod, n, timed(n, getattr(mod, n)))
if os.environ.get('SEED'): test._hypothesis_internal_use_seed = int(os.environ['SEED'])   # hypothesis's seed
t0 = time.process_time()
test(**(dict([arg.split(':')]) if arg else {}))
total = time.process_time() - t0
print(f'{sys.argv[2]}: {total:.2f} s CPU in all; ' + '; '.join(f'{k} {v:.2f} s' for k, v in spent.items()))
