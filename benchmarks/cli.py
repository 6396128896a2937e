"""Benchmark: the command line on a State-size input, each command's CPU time as a RATIO to `python -c "import pandas"`.
Reported, never asserted.

    python benchmarks/cli.py              # the table (9 runs of each pair after one warm-up)
    python benchmarks/cli.py --runs 5

The input is the 424 Nagar Panchayats of Census 2011 bundled in `reservation_law/data/` (their BC figures are
ILLUSTRATIVE: the Census counts no Backward Classes); `check` checks against them a published list made here: the
default allotment with three categories changed (as `bench_chairpersons.py` makes it), over every reading. Each
command is run as a whole process, alternately with the yardstick, and its CPU time (user + system, from the operating
system's accounting of the finished child) is divided by the yardstick's of the same pair; the median ratio is shown.
A ratio compares across machines and loads far better than seconds do. The children may write bytecode (as an
installed package has it), whatever PYTHONDONTWRITEBYTECODE says here. The goals (issues #11, #22): CSV and XLSX
output at most 1.5, `statutes` and `--help` at most 0.3 (they import no pandas), `check` at most 2.5.
"""
from __future__ import annotations
import argparse, os, shutil, statistics, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NP = ROOT / 'reservation_law' / 'data' / 'up_nagar_panchayats_2011_bc_illustrative.csv'


SWAP = {'UR': 'W', 'W': 'UR', 'SC': 'UR', 'SC-W': 'W', 'ST': 'UR', 'ST-W': 'W', 'BC': 'UR', 'BC-W': 'W'}


def published(out: Path) -> Path:
    "A published list to check: the default allotment of the 424 Nagar Panchayats, three categories changed."
    from reservation_law.procedures.allot import allot
    pub = allot('up-nagar-panchayats-2023', NP).table[['body', 'category']]
    pub.loc[[0, 5, 11], 'category'] = [SWAP[c] for c in pub.category[[0, 5, 11]]]
    pub.to_csv(out / 'published.csv', index=False)
    return out / 'published.csv'


def commands(exe: str, out: Path) -> dict:
    "Each command measured: name -> argv."
    allot = [exe, 'allot', 'up-nagar-panchayats-2023', str(NP)]
    return {'check, every reading (-o c.json)': [exe, 'check', 'up-nagar-panchayats-2023', str(NP), str(published(out)),
                                                 '-o', str(out / 'c.json')],
            'allot → CSV (-o np.csv)': allot + ['-o', str(out / 'np.csv')],
            'allot → XLSX (-o np.xlsx)': allot + ['-o', str(out / 'np.xlsx')],
            'allot → JSON (-o np.json)': allot + ['-o', str(out / 'np.json')],
            'statutes': [exe, 'statutes'],
            'statutes --verbose': [exe, 'statutes', '--verbose'],
            '--help': [exe, '--help']}


ENV = {k: v for k, v in os.environ.items() if k != 'PYTHONDONTWRITEBYTECODE'}   # bytecode kept, as once installed


def cpu(argv: list, ok=(0,)) -> float:
    "CPU seconds (user + system) of one run of `argv` as a child process, its output thrown away."
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode not in ok: raise SystemExit(f"failed ({p.returncode}): {' '.join(argv)}")
    return usage.ru_utime + usage.ru_stime


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--runs', type=int, default=9)
    a = ap.parse_args(argv)
    exe = shutil.which('reservation-law', path=str(Path(sys.executable).parent)) or 'reservation-law'
    yardstick = [sys.executable, '-c', 'import pandas']
    with tempfile.TemporaryDirectory() as d:
        print(f"CPU time ÷ that of `python -c \"import pandas\"` in the same pair; median of {a.runs} pairs (after one warm-up)")
        print(f"input: {NP.name}, 424 Nagar Panchayats (Census 2011; BC illustrative)\n")
        print(f"{'command':32}{'ratio':>8}{'min':>8}{'max':>8}{'CPU s':>9}")
        for name, cmd in commands(exe, Path(d)).items():
            ok = (0, 1) if cmd[1] == 'check' else (0,)                 # check: 1 = the list departs (it does, by design)
            cpu(cmd, ok); cpu(yardstick)                               # warm-up: caches, bytecode
            pairs = [(cpu(cmd, ok), cpu(yardstick)) for _ in range(a.runs)]
            ratios = [c / y for c, y in pairs]
            print(f"{name:32}{statistics.median(ratios):>8.2f}{min(ratios):>8.2f}{max(ratios):>8.2f}"
                  f"{statistics.median(c for c, _ in pairs):>9.3f}", flush=True)


if __name__ == '__main__':
    main()
