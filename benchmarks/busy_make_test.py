"""`make test` beside a busy loop (issue #22: at most five minutes "on this machine while another job runs"), with the
host's speed measured before and after it: the wall time, the CPU of every process the run starts, pytest's summary,
and `python -c "import pandas"`'s CPU as a yardstick. Reported, never asserted.

    git clean -xdf -e .venv && python benchmarks/busy_make_test.py          # from a clone: its own `make test`
    python benchmarks/busy_make_test.py --log /tmp/busy.log     # make test's output (default: the system's temporary folder)
    python benchmarks/busy_make_test.py PYTEST_WORKERS=2         # a variable of the Makefile, given to `make test`

The same code has taken 407 and 498 CPU-s seventeen minutes apart (benchmarks/README.md), so a wall time alone says
little: the yardstick, taken three times before and three times after, says how fast the host was then, and the run's
CPU says how much work it did. The busy loop is one process (`python -c "while True: pass"`), the issue's "another
job", stopped however the run ends; its CPU is reported apart. Every process of the run is counted, as in `cputree.py`
(this process is their child subreaper). On a virtual machine the host may run other machines' work on the same
processors: the time it took from this one (the kernel's `steal`, from /proc/stat) is reported too, as the yardstick
cannot see it (a process's CPU time counts only the time it ran). The loop runs in a session of its own, as another job
would (another terminal, a timer's job); where the kernel groups processes by session (autogroup,
/proc/sys/kernel/sched_autogroup_enabled = 1, Debian's default) each group gets an even share of the processors, so
`make test`, however many processes it runs, gets one of the two cores while the loop has the other: its wall time is
then about its CPU time. Whether the kernel does so is reported."""
import argparse, ctypes, os, re, resource, signal, subprocess, sys, tempfile, time
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
YARDSTICK = [sys.executable, '-c', 'import pandas']


def cpu_of(argv: list) -> float:
    "CPU seconds (user + system) of one run of `argv` as a child process."
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(p.pid, 0)
    return usage.ru_utime + usage.ru_stime


def yardstick(n: int = 3) -> list:
    return [round(cpu_of(YARDSTICK), 2) for _ in range(n)]


def steal() -> float | None:
    "Seconds of this machine's processors, all of them together, that the host gave to others since boot (Linux `steal`); None elsewhere."
    try: fields = Path('/proc/stat').read_text().splitlines()[0].split()
    except OSError: return None
    return int(fields[8]) / os.sysconf('SC_CLK_TCK') if fields[0] == 'cpu' and len(fields) > 8 else None


def autogroup() -> str:
    "Whether the kernel shares the processors between sessions (autogroup) or between processes, as it says."
    try: on = Path('/proc/sys/kernel/sched_autogroup_enabled').read_text().strip() == '1'
    except OSError: return 'the kernel does not say how it shares the processors'
    return ('the kernel shares the processors evenly between sessions (autogroup): make test has one core of the two'
            if on else 'the kernel shares the processors between processes (no autogroup)')


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--log', default=os.path.join(tempfile.gettempdir(), 'busy_make_test.log'),
                    help="where `make test`'s output goes, outside the tree (default: %(default)s)")
    ap.add_argument('make_vars', nargs='*', metavar='NAME=VALUE', help="variables of the Makefile for `make test` (PYTEST_WORKERS=2)")
    a = ap.parse_args(argv)
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit('busy_make_test: prctl(PR_SET_CHILD_SUBREAPER) failed')
    before = yardstick()
    stolen = steal()
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    loop = subprocess.Popen([sys.executable, '-c', 'while True: pass'], start_new_session=True)
    t0 = time.monotonic()
    try:
        with open(a.log, 'w', encoding='utf-8') as log:
            code = subprocess.call(['make', 'test', *a.make_vars], stdout=log, stderr=subprocess.STDOUT)
        wall = time.monotonic() - t0
    finally:
        os.killpg(loop.pid, signal.SIGKILL)
        _, _, loop_use = os.wait4(loop.pid, 0)     # the loop's own CPU, taken out of the run's below
        loop.returncode = -signal.SIGKILL
    while True:                                   # the run's orphans (a pool's workers, Chromium's processes), reaped here
        try: os.wait()
        except ChildProcessError: break
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    stolen = None if stolen is None or steal() is None else steal() - stolen
    used = (end.ru_utime - start.ru_utime + end.ru_stime - start.ru_stime) - (loop_use.ru_utime + loop_use.ru_stime)
    after = yardstick()
    summary = [l.strip(' =') for l in Path(a.log).read_text(encoding='utf-8', errors='replace').splitlines()
               if re.search(r'\d+ passed', l)]
    print(f"make test {' '.join(a.make_vars)}{' ' if a.make_vars else ''}beside a busy loop: exit {code}, {wall:.0f} s wall; "
          f"{summary[-1] if summary else 'no pytest summary'}")
    print(f"the run's CPU (every process it started, user + system): {used:.0f} s; the loop's: "
          f"{loop_use.ru_utime + loop_use.ru_stime:.0f} s" + (f"; taken by the host (steal): {stolen:.0f} s" if stolen is not None else ''))
    print(f"`import pandas`, CPU s: {before} before, {after} after (the host's speed; output in {a.log})")
    print(autogroup())
    return code


if __name__ == '__main__':
    sys.exit(main())
