"pytest plugin: process (CPU) time of each test's call, printed at the end, sorted."
import time, pytest
_T = {}

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    t0 = time.process_time()
    yield
    _T[item.nodeid] = time.process_time() - t0

def pytest_terminal_summary(terminalreporter):
    tr = terminalreporter
    tr.write_line('CPU seconds of each call:')
    for k, v in sorted(_T.items(), key=lambda kv: -kv[1]):
        if v >= 0.5: tr.write_line(f'  CPU {v:8.2f}  {k}')
    tr.write_line(f'  CPU {sum(_T.values()):8.2f}  in all')
