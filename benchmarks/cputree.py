"""The CPU time of a command and of every process it starts, however deep: printed as `cpu USER SYS WALL`.

    python benchmarks/cputree.py python tools/check_outputs.py --workers 2
    python benchmarks/cputree.py make test

`/usr/bin/time` counts only the children its command waits for: a `forkserver` pool's workers (tools/check_outputs.py)
are children of the forkserver, which is never waited for, so their CPU time is lost (0.1 s reported for about a minute
of two busy cores). Here this process is a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`): every orphan of the tree
is handed to it and reaped, so `RUSAGE_CHILDREN` holds every process's time. It waits for the last of them (a
process left running for ever would keep it waiting)."""
import ctypes, os, resource, subprocess, sys, time

PR_SET_CHILD_SUBREAPER = 36
if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
    sys.exit('cputree: prctl(PR_SET_CHILD_SUBREAPER) failed')
t0 = time.monotonic()
code = subprocess.call(sys.argv[1:])
while True:   # the orphans handed to this process
    try: os.wait()
    except ChildProcessError: break
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f'cpu {r.ru_utime:.2f} {r.ru_stime:.2f} {time.monotonic() - t0:.2f}  (user, system, wall seconds; exit {code})',
      file=sys.stderr)
sys.exit(code)
