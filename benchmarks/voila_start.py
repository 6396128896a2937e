"""How soon the served workbook answers, and the CPU its server takes to start: Voilà's own `voila` command against
`tools/app.py` (the same, without rfc3987_syntax's parsers), alternately, a fresh server each time.

    python benchmarks/voila_start.py [ROUNDS]
"""
import os, resource, signal, socket, subprocess, sys, time, urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def start(cmd: list) -> tuple:
    "(seconds to the first page, CPU seconds of the server) of one start."
    port, r0, t0 = _port(), resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    proc = subprocess.Popen(cmd + [str(ROOT / 'nbs' / '50_workbook.ipynb'), '--no-browser', f'--port={port}', '--Voila.ip=127.0.0.1'],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    while True:
        try:
            with urllib.request.urlopen(f'http://127.0.0.1:{port}/', timeout=60) as r: r.read(); break
        except OSError: time.sleep(0.1)
    first = time.monotonic() - t0
    os.killpg(proc.pid, signal.SIGTERM); proc.wait()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return first, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime


if __name__ == '__main__':
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    ways = {'voila': [str(BIN / 'voila')], 'tools/app.py': [sys.executable, str(ROOT / 'tools' / 'app.py')]}
    for i in range(rounds):
        for name, cmd in (ways.items() if i % 2 == 0 else reversed(ways.items())):
            first, cpu = start(cmd)
            print(f'{name:14s} first page in {first:.1f} s; the server started with {cpu:.1f} CPU-s')
