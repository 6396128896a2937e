"""Fail if `nbdev_export` or `nbdev_clean` would change a tracked file: package in sync with nbs/, notebooks clean.

    python tools/check_sync.py

A file the commands rewrite with the same bytes gets its modification time back: `nbdev_export` rewrites every
module, and a module newer than its bytecode (`make bytecode`) is compiled again by every fresh process that imports
it (each command, notebook and test subprocess after this check, where PYTHONDONTWRITEBYTECODE is set).
"""
import hashlib, os, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def snapshot(globs):
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for g in globs for p in sorted(ROOT.glob(g)) if p.is_file()}


def check(cmd, globs, what):
    before = snapshot(globs)
    times = {p: os.stat(p) for p in before}
    subprocess.run([str(BIN / cmd)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    after = snapshot(globs)
    for p, h in after.items():                      # the same bytes: the same modification time (the bytecode stays valid)
        if before.get(p) == h: os.utime(p, ns=(times[p].st_atime_ns, times[p].st_mtime_ns))
    changed = sorted(str(p.relative_to(ROOT)) for p in set(before) | set(after) if before.get(p) != after.get(p))
    if changed:
        print(f"{cmd} changed {len(changed)} file(s): {what}", *changed, sep='\n  ')
        return False
    print(f"{cmd}: no change ({what} ok)")
    return True


if __name__ == '__main__':
    ok = check('nbdev_export', ['reservation_law/**/*.py'], 'package in sync with nbs/')
    ok = check('nbdev_clean', ['nbs/**/*.ipynb'], 'notebooks clean') and ok
    sys.exit(0 if ok else 1)
