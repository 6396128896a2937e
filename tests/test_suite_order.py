"""The order `make test` runs the tests in (conftest's `pytest_collection_modifyitems`): the long properties first, dealt
to the workers' shares, in each pytest-xdist worker, which collects and orders the items itself. Once the hook looked for
`numprocesses`, an option a worker's config does not carry, and left the order as collected (the longest properties
last) without a word: these tests hold it to what it says."""
import sys
from pathlib import Path
from types import SimpleNamespace
from hypothesis import given, settings, strategies as st
import pytest
from conftest import pytest_collection_modifyitems, _shares


@settings(max_examples=2000)
@given(st.integers())
def _long(x): pass


@settings(max_examples=1000)
@given(st.integers())
def _less_long(x): pass


def _plain(): pass


def _items(n_plain=8):
    item = lambda name, f, fixtures=(): SimpleNamespace(nodeid=name, function=f, fixturenames=fixtures)
    return ([item(f'plain{i}', _plain) for i in range(n_plain)] + [item('browser', _plain, ('browser',))]
            + [item('less_long', _less_long), item('long', _long)])


def _config(worker: bool, numprocesses=None, workers=2):
    c = SimpleNamespace(getoption=lambda name, default=None: numprocesses if name == 'numprocesses' else default)
    if worker: c.workerinput = {'workerid': 'gw0', 'workercount': workers}
    return c


def test_shares_are_the_worksteal_schedulers_first_split():
    "What pytest-xdist's worksteal scheduler sends each idle worker first: the pending tests // the workers left."
    assert _shares(11, 2) == [5, 6] and _shares(11, 3) == [3, 4, 4] and _shares(1791, 3) == [597, 597, 597]
    assert all(sum(_shares(n, w)) == n for n in range(40) for w in range(1, 5))


@pytest.mark.parametrize('workers', [2, 3])
def test_a_worker_puts_the_long_properties_first_one_at_the_head_of_each_share(workers):
    items = _items()
    pytest_collection_modifyitems(_config(worker=True, workers=workers), items)
    names = [i.nodeid for i in items]
    assert names[0] == 'long' and names[1] == 'browser'            # the longest first; Chromium's tests first of the short
    starts = [sum(_shares(len(names), workers)[:j]) for j in range(workers)]
    assert names.index('less_long') == starts[1]                    # the next long one heads the second share
    assert sorted(names) == sorted(i.nodeid for i in _items())      # every test still runs


def test_a_run_without_workers_keeps_the_order_collected():
    items = _items()
    pytest_collection_modifyitems(_config(worker=False), items)
    assert [i.nodeid for i in items] == [i.nodeid for i in _items()]


def test_make_test_runs_one_worker_an_idle_core_or_one_process():
    """`make test` (tools/idle_cores.py): two workers on an idle two-core machine; pytest in one process (`-n 0`) beside a
    job that keeps a core busy (measured: about 24 s sooner, and a sixth less CPU, than two workers sharing the one core)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tools'))
    from idle_cores import workers
    assert [workers(i, 2, 2) for i in (2.0, 1.6, 1.5, 1.4, 1.0, 0.66, 0.0)] == [2, 2, 2, 0, 0, 0, 0]
    assert workers(None, 2, 2) == 2 and workers(None, 1, 2) == 0 and workers(3.9, 4, 2) == 2 and workers(3.9, 4, 4) == 4
