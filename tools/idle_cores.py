"""How many pytest workers `make test` starts: one a core that is idle now, at most `--most`; `0` (pytest in its own
process, no worker) when one core or none is idle.

    python tools/idle_cores.py             # prints 2 on an idle two-core machine, 0 beside another job that keeps a core busy
    python tools/idle_cores.py --most 4

Which is faster depends on what else the machine runs, not on the tests: every test runs either way. At rest, two
workers finish pytest in about half the time of one process. Beside another job, where the kernel shares the processors
evenly between sessions (autogroup, Debian's default), `make test`'s session has one core however many processes it
runs: two workers then share it, each collecting the tests and starting the shared fixtures (Chromium, the site's tabs)
again, and one process finishes first (benchmarks/README.md, "One process or two").

The idle cores are read from the kernel's counters (/proc/stat), sampled twice `--sample` seconds apart: the idle and
I/O-wait time of every processor this process may run on, divided by the time that passed. Where there are no such
counters (not Linux), every core this process may use is taken as idle. The reason is printed on standard error."""
import argparse, os, sys, time


def _times():
    "The (idle, total) ticks of each processor, by its number, from /proc/stat; None where the kernel has no such file."
    try:
        with open('/proc/stat', encoding='ascii') as f: lines = f.read().splitlines()
    except OSError: return None
    out = {}
    for line in lines:
        name, *ticks = line.split() or ['']
        if name.startswith('cpu') and name[3:].isdigit() and len(ticks) >= 4:
            t = [int(x) for x in ticks]
            out[int(name[3:])] = (t[3] + (t[4] if len(t) > 4 else 0), sum(t[:8]))   # idle + iowait; user … steal
    return out


def idle_cores(sample: float = 0.5) -> tuple:
    "(the idle cores, as a number of cores, the cores this process may use): the first is None without counters."
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else list(range(os.cpu_count() or 1))
    a = _times()
    if not a: return None, len(cores)
    time.sleep(sample)
    b = _times()
    idle = 0.0
    for c in cores:
        if c in a and c in b and b[c][1] > a[c][1]:
            idle += (b[c][0] - a[c][0]) / (b[c][1] - a[c][1])
    return idle, len(cores)


def workers(idle: float | None, cores: int, most: int) -> int:
    "Workers for pytest-xdist: one an idle core (an idle fraction of a half or more counts as a core), at most `most`; 0 for one."
    n = cores if idle is None else int(idle + 0.5)
    n = min(n, most, cores)
    return n if n >= 2 else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--most', type=int, default=2, help='workers at most (default: %(default)s)')
    ap.add_argument('--sample', type=float, default=0.5, help='seconds between the two readings (default: %(default)s)')
    a = ap.parse_args(argv)
    idle, cores = idle_cores(a.sample)
    n = workers(idle, cores, a.most)
    seen = (f"{idle:.2f} of {cores} cores idle over {a.sample:g} s" if idle is not None
            else f"{cores} cores, none of them measured (no /proc/stat)")
    print(f"idle_cores: {seen}: " + (f"pytest with {n} workers" if n else "pytest in one process"), file=sys.stderr)
    print(n)
    return 0


if __name__ == '__main__':
    sys.exit(main())
