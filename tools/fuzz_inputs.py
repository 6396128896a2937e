"""Fuzz the CSV and Excel files the command line reads: the bodies, a previous allotment, a published list and a settled
allotment, each edited, and every run that ends neither in a result (0), a difference (1, `check` only) nor a clean
refusal (2: one `error:` line naming the file, nothing written) reported.

    python tools/fuzz_inputs.py --minutes 60                     # as many edits as an hour allows, in a shuffled order
    python tools/fuzz_inputs.py --sample 0.1 --seed 7 --minutes 10   # a tenth of the edits of seed 7, at most 10 minutes
    python tools/fuzz_inputs.py --keep /tmp/fuzzfind              # each finding's smallest input and its command kept there

The files edited are made afresh in a temporary folder from the bundled examples (`reservation_law/data/`): the bodies of
each statute (the 17 corporations under both Mayors' texts, the wards; the Palika Parishads, the Nagar Panchayats, the
Karnataka councils), the previous allotment and the published list (this tool's own `allot -o` output, and the published
draft of 2023), and the settled allotment of `order --final`. Each is edited

- byte by byte (a byte deleted, inserted, doubled, flipped; the file cut; NUL, byte-order marks, CR/LF mixes, quotes,
  separators, other encodings),
- cell by cell (a count empty, negative, huge, a float, 1e5, Arabic-Indic or Devanagari digits, 12,345, ' 12 ', =1+1,
  +1, look-alikes, a very long text; a name blank, twice, a look-alike; a header twice, renamed by case, a column
  missing or extra, a row twice or missing; figures that are valid but extreme: a group of zero, of the whole
  population, every row alike, one body, 3,000 bodies; categories of a previous or published list at random),
- and, as a workbook (.xlsx), cell by cell with cells of other types (dates, booleans, floats, error cells, formulas
  with and without a saved value, percentages), merged cells, hidden and very hidden sheets, several or empty sheets,
  hidden rows and columns, a table moved down or right, and its XML parts and zip container edited.

Each edited file is read by two or three of the commands that read such a file (`allot -o out.csv|xlsx|json|html`,
`allot --previous`, `check`, `check --only-listed`, `explain`, `order --draft|--final --allotment`, `rotate`, `seats`),
in one worker process (`cli.run`, with RESERVATION_LAW_DEBUG=1, so that an internal error raises and its place is known);
a run has 60 s (SIGALRM), and the worker is killed and restarted if it does not answer in 120 s. The runs are reproducible:
`--seed` fixes the edits, `--sample` the share of them run. A finding's input is made smaller (lines, rows) while it
still ends the same way, and kept (`--keep`) with the other inputs and the exact command. Not part of `make test`.
"""
import argparse, collections, csv, datetime, hashlib, io, json, os, random, re, shutil, signal, sys, tempfile, time
import traceback, warnings, zipfile
import multiprocessing as mp
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ['RESERVATION_LAW_DEBUG'] = '1'
DATA = ROOT / 'reservation_law' / 'data'
RUN_SECONDS, JOB_SECONDS = 60, 120

# ------------------------------------------------------------------------------------------------ what is run
# name -> statute, bundled bodies, a body to explain, the dates of an order (draft, final) or None
SCENARIOS = {
    'm23': ('up-mayor-2023', 'up_corporations_17_bc_illustrative.csv', 'Agra', ('2023-03-30', '2023-04-30')),
    'm94': ('up-mayor-1994', 'up_corporations_17.csv', 'Agra', ('2017-01-10', '2017-02-10')),
    'pp': ('up-palika-parishads-2023', 'up_palika_parishads_example.csv', 'Amarpur', None),
    'pp193': ('up-palika-parishads-2023', 'up_palika_parishads_2011_bc_illustrative.csv', 'Sarsawa', None),
    'np': ('up-nagar-panchayats-2023', 'up_nagar_panchayats_2011_bc_illustrative.csv', 'Behat', None),
    'wards': ('up-corporation-wards', 'up_corporations_17.csv', None, None),
    'council': ('municipal-council', 'karnataka_councils.csv', None, None),
}
SEATS = ('up-corporation-wards', 'municipal-council')
MAYORS = ('up-mayor-1994', 'up-mayor-2023')


def templates(sc: str, role: str) -> list:
    """The command lines (lists with {B} bodies, {P} previous, {U} published, {O} the output folder, {X} a random output
    extension) that read the file of `role` of scenario `sc`: the first is always run, others at random."""
    s, _, body, dates = SCENARIOS[sc]
    if s in SEATS:
        return [['seats', s, '{B}', '-o', '{O}/out.{X}'], ['seats', s, '{B}'], ['seats', s, '{B}', '--explain', '-o', '{O}/out.{X}']] \
            if role == 'bodies' else []
    out = []
    if role == 'bodies':
        out = [['allot', s, '{B}', '-o', '{O}/out.{X}'], ['allot', s, '{B}'], ['check', s, '{B}', '{U}'],
               ['explain', s, '{B}', '--body', body, '-o', '{O}/e.{X}'], ['allot', s, '{B}', '--explain', '-o', '{O}/out.{X}']]
        if s in MAYORS:
            out += [['allot', s, '{B}', '--previous', '{P}', '-o', '{O}/out.{X}'], ['rotate', s, '{B}', '-k', '3', '-o', '{O}/r.{X}'],
                    ['order', s, '{B}', '--draft', '--date', dates[0], '-o', '{O}/o.html']]
    elif role == 'previous' and s in MAYORS:
        out = [['allot', s, '{B}', '--previous', '{P}', '-o', '{O}/out.{X}'], ['check', s, '{B}', '{U}', '--previous', '{P}'],
               ['explain', s, '{B}', '--body', body, '--previous', '{P}', '-o', '{O}/e.json'],
               ['rotate', s, '{B}', '-k', '2', '--previous', '{P}', '-o', '{O}/r.{X}'],
               ['order', s, '{B}', '--draft', '--date', dates[0], '--previous', '{P}', '-o', '{O}/o.json']]
    elif role == 'published':
        out = [['check', s, '{B}', '{U}'], ['check', s, '{B}', '{U}', '-o', '{O}/c.{X}'], ['check', s, '{B}', '{U}', '--only-listed']]
        if s in MAYORS:
            out += [['order', s, '{B}', '--final', '--date', dates[1], '--draft-date', dates[0], '--allotment', '{U}', '-o', '{O}/o.{X}']]
    return out


ROLES = {sc: [r for r in ('bodies', 'previous', 'published') if templates(sc, r)] for sc in SCENARIOS}
EXTS = ('csv', 'xlsx', 'json', 'html')

# ------------------------------------------------------------------------------------------------ hostile values
COUNT_VALUES = ['', ' ', '-5', '-0', '0', '00012', '+1', '+0', '1.5', '3.0', '1e5', '1E3', '0x10', '1_000', '12,345', '12,34,567',
                '1,2345', ',123', '123,', ' 12 ', '\t12', '12\u00a0', '\u00a012', '1\u202f234', '\u0661\u0662\u0663',
                '\u0967\u0968\u0969', '\uff11\uff12\uff13', '\u00b2', '9' * 11, '9' * 30, '9' * 400, '9999999999',
                '10000000000', '=1+1', '=SUM(A1:A3)', '@SUM(1)', '-1+1', 'NaN', 'nan', 'inf', '-inf', 'None', 'null',
                'TRUE', 'FALSE', '#DIV/0!', '#N/A', '#VALUE!', 'five', '12%', '1/2', '(12)', '12-', '１２', '12\u200b',
                '\u200b12', '12\x00', '1\r2', '1\n2', '"12"', "'12", '12 345', '2023-01-01', 'x' * 40_000, '٫5', '0.0', '.5']
NAME_VALUES = ['', ' ', 'Agra', 'agra', 'AGRA', ' Agra ', 'Agra\u00a0', 'A\u0433ra', '\u0410gra', 'Agr\u00e1', 'Agra\u0301',
               'Ag\u200bra', '\u202eAgra', 'Ag\u00adra', '=1+1', '+Agra', '-Agra', '@Agra', 'Total', 'TOTAL:', 'कुल',
               'आगरा', 'आगरा Agra', 'x' * 201, 'x' * 200, 'x' * 40_000, 'Agra, Mathura', 'Agra "City"', 'Agra\nCity',
               'Agra\rCity', 'Agra\x00', 'Agra\x1b[31m', '123', '1.5', '#N/A', 'None', 'nan', '\ufeffAgra', 'Ａｇｒａ',
               'Agra\u2028', 'Ag\u200dra', 'Ağra', 'ﬁrozabad', 'ǅagra', '\U0001F600', 'Agra\u0300\u0301\u0302' * 30]
CAT_VALUES = ['', ' ', 'SC', 'sc', 'SC ', ' SC-W', 'SC-W', 'ST', 'ST-W', 'BC', 'BC-W', 'W', 'UR', 'BC-A', 'BC-B', 'GEN',
              'XX', 'UR-W', 'SC–W', 'SC\u2011W', 'ＳＣ', '=1+1', '5', 'None', 'nan', 'W ', 'w', 'Ur', 'SC-W-W', 'S\u200bC']
HEADER_VALUES = ['', ' ', 'category', 'clause', 'reason', 'published', 'computed', 'agrees', 'condition', 'seats', 'SC', 'UR',
                 'SC total', 'women total', 'serial', 'name_hi', 'body_hi', 'nominated', 'division', 'women', 'bc', 'population',
                 'Population', 'POPULATION', ' population ', 'population\u00a0', 'populat\u0456on', 'p\u043epulation', 'Body',
                 'BODY', 'body ', '\ufeffbody', 'b\u200body', '=1+1', 'x' * 300, '1', 'Unnamed: 3', 'district', 'Category',
                 'CATEGORY', ' category', 'provenance', 'kind', 'sc_women', 'seats\n', 'sc\tst']
CODES = ['SC-W', 'SC', 'ST-W', 'ST', 'BC-W', 'BC', 'W', 'UR']
COUNT_COLS = ('population', 'sc', 'st', 'bc', 'women', 'seats', 'nominated')


def _cell_value(rng):
    "A hostile value for a spreadsheet cell (xlsx), of any type openpyxl writes."
    from openpyxl.cell.cell import ERROR_CODES
    return rng.choice([
        datetime.datetime(2023, 5, 4), datetime.date(1900, 1, 1), datetime.time(12, 30), datetime.timedelta(days=3, hours=2),
        datetime.datetime(1899, 12, 31), True, False, 1.5, 123.0, 1e20, 1e300, -1, 0, -0.0, 10 ** 15, 2 ** 63, 10 ** 20,
        0.1 + 0.2, 5e-324, rng.choice(ERROR_CODES), '#DIV/0!', 'F:=1+1', 'F:=A1', 'F:=1/0', 'F:=NA()', 'F:="Agra"', 'F:=TRUE',
        'T:=1+1', 'T:+1', 'T:@x', 'P:0.5', 'P:12', ' 12 ', '', None, '12,345', '\u0967\u0968', 'x' * 33_000, 'Agra', 'agra',
        '1e5', 'R:rich'])


# ------------------------------------------------------------------------------------------------ tables
def read_rows(path) -> list:
    with open(path, encoding='utf-8-sig', newline='') as f: return [list(r) for r in csv.reader(f)]


def csv_bytes(rows: list, newline: str = '\n') -> bytes:
    s = io.StringIO()
    w = csv.writer(s, lineterminator=newline, quoting=csv.QUOTE_MINIMAL)
    for r in rows: w.writerow(r)
    return s.getvalue().encode('utf-8', 'surrogatepass')


def _col(rows, name):
    return rows[0].index(name) if name in rows[0] else None


def _data_cells(rows, rng, prefer=None):
    "A random data cell (i, j), preferring the columns in `prefer`."
    if len(rows) < 2 or not rows[0]: return None
    cols = [j for j, h in enumerate(rows[0]) if prefer and h in prefer] or list(range(len(rows[0])))
    i = rng.randrange(1, len(rows))
    j = rng.choice(cols)
    if j >= len(rows[i]): return None
    return i, j


def _new_name(rng, k):
    return f"{rng.choice(['Nagar', 'Pur', 'Ganj', 'Abad', 'Kot'])}{k}{rng.choice(['a', 'i', 'u', ''])}"


def cell_edit(rows: list, rng: random.Random, role: str) -> tuple:
    "One cell-level edit of the table (a list of lists of text), in place: its label."
    rows[:] = [list(r) for r in rows]
    h = rows[0]
    kind = rng.choice(['value', 'value', 'value', 'name', 'name', 'header', 'header-case', 'header-dup', 'col-drop',
                       'col-add', 'col-swap', 'row-dup', 'row-dup-renamed', 'row-drop', 'rows-few', 'row-empty', 'row-short',
                       'row-long', 'header-again', 'rows-many', 'rows-reverse'] + ['semantic'] * 6
                      + (['cats'] * 6 + ['cat', 'cat'] if role != 'bodies' else []))
    if kind == 'value':
        at = _data_cells(rows, rng, COUNT_COLS if role == 'bodies' else ('category',))
        if not at: return 'nothing'
        v = rng.choice(COUNT_VALUES if role == 'bodies' else CAT_VALUES + COUNT_VALUES[:20])
        rows[at[0]][at[1]] = v
        return f'cell {h[at[1]]}@{at[0] + 1} := {v[:30]!r}'
    if kind == 'name':
        j = _col(rows, 'body') if rng.random() < 0.8 or _col(rows, 'division') is None else _col(rows, 'division')
        if j is None or len(rows) < 2: return 'nothing'
        i = rng.randrange(1, len(rows))
        v = rng.choice(NAME_VALUES + [rows[rng.randrange(1, len(rows))][j], rows[rng.randrange(1, len(rows))][j].lower(),
                                      rows[i][j] + ' ', rows[i][j].upper(), rows[i][j][:-1]])
        rows[i][j] = v
        return f'cell {h[j]}@{i + 1} := {v[:30]!r}'
    if kind == 'header':
        j = rng.randrange(len(h)); v = rng.choice(HEADER_VALUES); h[j] = v
        return f'header {j} := {v[:30]!r}'
    if kind == 'header-case':
        j = rng.randrange(len(h)); f = rng.choice([str.upper, str.title, lambda x: ' ' + x + ' ', lambda x: x + '\u00a0', str.swapcase])
        h[j] = f(h[j]); return f'header {j} := {h[j]!r}'
    if kind == 'header-dup':
        j, k = rng.randrange(len(h)), rng.randrange(len(h))
        if rng.random() < 0.5: h[k] = h[j]; return f'header {k} := header {j} {h[j]!r}'
        for r in rows: r.append(r[j] if j < len(r) else '')
        return f'column {h[j]!r} twice'
    if kind == 'col-drop':
        j = rng.randrange(len(h)); name = h[j]
        for r in rows:
            if j < len(r): del r[j]
        return f'column {name!r} dropped'
    if kind == 'col-add':
        name = rng.choice(HEADER_VALUES); fill = rng.choice(['x', '', '1', '=1+1', 'x' * 33_000, None])
        for i, r in enumerate(rows): r.append(name if i == 0 else (rng.choice(COUNT_VALUES) if fill is None else fill))
        return f'column {name[:30]!r} added, filled {str(fill)[:10]!r}'
    if kind == 'col-swap':
        j, k = rng.randrange(len(h)), rng.randrange(len(h))
        for r in rows:
            if j < len(r) and k < len(r): r[j], r[k] = r[k], r[j]
        return f'columns {j} and {k} swapped (values only)' if rng.random() < 0.5 else f'columns {j} and {k} swapped'
    if kind == 'row-dup':
        if len(rows) < 2: return 'nothing'
        i = rng.randrange(1, len(rows)); rows.insert(rng.randrange(1, len(rows) + 1), list(rows[i])); return f'row {i + 1} twice'
    if kind == 'row-dup-renamed':
        j = _col(rows, 'body')
        if len(rows) < 2 or j is None: return 'nothing'
        i = rng.randrange(1, len(rows)); r = list(rows[i]); r[j] = _new_name(rng, 999); rows.append(r)
        return f'row {i + 1} again, renamed'
    if kind == 'row-drop':
        if len(rows) < 2: return 'nothing'
        i = rng.randrange(1, len(rows)); del rows[i]; return f'row {i + 1} dropped'
    if kind == 'rows-few':
        k = rng.choice([0, 1, 1, 2, 2, 3, 4])
        keep = sorted(rng.sample(range(1, len(rows)), min(k, len(rows) - 1)))
        rows[:] = [rows[0]] + [rows[i] for i in keep]; return f'only rows {[i + 1 for i in keep]}'
    if kind == 'row-empty':
        i = rng.randrange(1, len(rows) + 1); rows.insert(i, rng.choice([[], [''] * len(h), [' '] * len(h), [''] * (len(h) + 2)]))
        return f'an empty row at {i + 1}'
    if kind == 'row-short':
        if len(rows) < 2: return 'nothing'
        i = rng.randrange(1, len(rows)); rows[i] = rows[i][:-1]; return f'row {i + 1} one field short'
    if kind == 'row-long':
        i = rng.randrange(0, len(rows)); rows[i] = rows[i] + [rng.choice(['', '7', 'x'])]; return f'row {i + 1} one field more'
    if kind == 'header-again':
        i = rng.randrange(1, len(rows) + 1); rows.insert(i, list(h)); return f'the header again at row {i + 1}'
    if kind == 'rows-many':
        j = _col(rows, 'body'); n = rng.choice([300, 1000, 3000])
        if j is None or len(rows) < 2: return 'nothing'
        base = rows[1:]
        rows[1:] = [[(_new_name(rng, k) if jj == j else v) for jj, v in enumerate(base[k % len(base)])] for k in range(n)]
        return f'{n} rows (the bodies repeated, renamed)'
    if kind == 'rows-reverse':
        rows[1:] = rows[1:][::-1]; return 'rows reversed'
    if kind in ('cats', 'cat'):
        j = _col(rows, 'category')
        if j is None or len(rows) < 2: return 'nothing'
        if kind == 'cat':
            i = rng.randrange(1, len(rows)); v = rng.choice(CAT_VALUES); rows[i][j] = v; return f'category@{i + 1} := {v!r}'
        how = rng.choice(['random', 'all-one', 'shuffle', 'two-swapped'])
        if how == 'random':
            for r in rows[1:]: r[j] = rng.choice(CODES)
        elif how == 'all-one':
            c = rng.choice(CODES)
            for r in rows[1:]: r[j] = c
        elif how == 'shuffle':
            cs = [r[j] for r in rows[1:]]; rng.shuffle(cs)
            for r, c in zip(rows[1:], cs): r[j] = c
        else:
            a, b = rng.randrange(1, len(rows)), rng.randrange(1, len(rows)); rows[a][j], rows[b][j] = rows[b][j], rows[a][j]
        return f'categories: {how}'
    return semantic(rows, rng)


def semantic(rows, rng) -> str:
    "Figures that are valid but extreme (each checked by the statute, not the reader)."
    h = rows[0]
    c = {n: _col(rows, n) for n in COUNT_COLS + ('division', 'body')}
    if c['population'] is None or len(rows) < 2: return 'nothing'
    body = rows[1:]
    def num(r, n): return int(r[c[n]]) if c[n] is not None and r[c[n]].isdigit() else 0
    def put(r, n, v):
        if c[n] is not None: r[c[n]] = str(v)
    kind = rng.choice(['zero-col', 'all-sc', 'full', 'tiny', 'equal', 'women', 'division', 'seats', 'random-valid', 'scale',
                       'one-big', 'groups-zero'])
    if kind == 'zero-col':
        n = rng.choice([x for x in ('sc', 'st', 'bc', 'women', 'seats', 'nominated') if c[x] is not None] or ['population'])
        if n == 'population': return 'nothing'
        for r in body: put(r, n, 0)
        return f'{n} zero everywhere'
    if kind == 'groups-zero':
        for r in body:
            for n in ('sc', 'st', 'bc'): put(r, n, 0)
        return 'sc, st, bc zero everywhere'
    if kind == 'all-sc':
        g = rng.choice([x for x in ('sc', 'st', 'bc') if c[x] is not None])
        rs = body if rng.random() < 0.5 else [rng.choice(body)]
        for r in rs:
            for n in ('sc', 'st', 'bc'): put(r, n, num(r, 'population') if n == g else 0)
        return f'{g} = population in {len(rs)} row(s)'
    if kind == 'full':
        for r in body:
            p = num(r, 'population'); a = rng.randint(0, p); b = rng.randint(0, p - a)
            put(r, 'sc', a); put(r, 'st', b); put(r, 'bc', p - a - b)
        return 'sc + st + bc = population'
    if kind == 'tiny':
        r = rng.choice(body); p = rng.choice([1, 2, 3])
        put(r, 'population', p)
        for n in ('sc', 'st', 'bc'): put(r, n, rng.randint(0, 1) if n == 'sc' else 0)
        put(r, 'women', rng.randint(0, p)); put(r, 'seats', rng.choice([0, 1, 2, 3]))
        return f'a body of population {p}'
    if kind == 'equal':
        r0 = rng.choice(body)
        for r in body:
            for n in COUNT_COLS: put(r, n, num(r0, n))
        if c['division'] is not None and rng.random() < 0.5:
            for r in body: r[c['division']] = body[0][c['division']]
        return 'every row the same figures'
    if kind == 'women':
        v = rng.choice(['zero', 'population', 'half'])
        for r in body: put(r, 'women', 0 if v == 'zero' else num(r, 'population') if v == 'population' else num(r, 'population') // 2)
        return f'women {v}'
    if kind == 'division':
        j = c['division']
        if j is None: return 'nothing'
        v = rng.choice(['one', 'own', 'blank', 'body', 'two'])
        for k, r in enumerate(body):
            r[j] = {'one': 'Uttar', 'own': f'D{k}', 'blank': '', 'body': r[c['body']], 'two': 'Uttar' if k % 2 else 'Dakshin'}[v]
        return f'divisions: {v}'
    if kind == 'seats':
        n = 'seats' if c['seats'] is not None else 'nominated'
        if c[n] is None: return 'nothing'
        v = rng.choice([0, 1, 2, 3, 5, 1000, 10 ** 6, 10 ** 9, 9_999_999_999])
        rs = body if rng.random() < 0.5 else [rng.choice(body)]
        for r in rs: put(r, n, v)
        return f'{n} := {v} in {len(rs)} row(s)'
    if kind == 'random-valid':
        for r in body:
            p = rng.choice([1, 10, 1000, 10 ** 5, 10 ** 7, 9 * 10 ** 9]) if rng.random() < 0.3 else max(1, num(r, 'population'))
            a = rng.randint(0, p); b = rng.randint(0, p - a); d = rng.randint(0, p - a - b)
            put(r, 'population', p); put(r, 'sc', a); put(r, 'st', b); put(r, 'bc', d); put(r, 'women', rng.randint(0, p))
        return 'random valid figures'
    if kind == 'scale':
        f = rng.choice([1000, 3000, 5000])
        for r in body:
            for n in ('population', 'sc', 'st', 'bc', 'women'): put(r, n, num(r, n) * f)
        return f'every count times {f}'
    r = rng.choice(body); put(r, 'population', 9_999_999_999)
    return 'one body of 9,999,999,999'


# ------------------------------------------------------------------------------------------------ bytes
BOMS = [b'\xef\xbb\xbf', b'\xff\xfe', b'\xfe\xff', b'\xff\xfe\x00\x00', b'\x00\x00\xfe\xff', b'\xef\xbb\xbf\xef\xbb\xbf']


def byte_edit(data: bytes, rng: random.Random) -> tuple:
    "One byte-level edit of a file: (the bytes, its label)."
    n = len(data)
    at = rng.randrange(n + 1) if n else 0
    kind = rng.choice(['delete', 'delete-run', 'insert', 'duplicate', 'flip', 'cut', 'nul', 'bom', 'bom-inside', 'crlf',
                       'quote', 'separator', 'separators-all', 'unicode', 'encoding', 'sep-line', 'ctrl', 'blank-lines',
                       'trailing-space', 'several'])
    if kind == 'delete' and n: return data[:at] + data[at + 1:], f'byte {at} deleted'
    if kind == 'delete-run' and n:
        k = rng.randint(2, 64); return data[:at] + data[at + k:], f'bytes {at}..{at + k} deleted'
    if kind == 'insert':
        b = bytes([rng.randrange(256)]); return data[:at] + b + data[at:], f'byte {b!r} inserted at {at}'
    if kind == 'duplicate' and n:
        k = rng.randint(1, 200); return data[:at + k] + data[at:at + k] + data[at + k:], f'bytes {at}..{at + k} doubled'
    if kind == 'flip' and n:
        i = min(at, n - 1); b = data[i] ^ (1 << rng.randrange(8)); return data[:i] + bytes([b]) + data[i + 1:], f'byte {i} flipped to {b:#04x}'
    if kind == 'cut': return data[:at], f'cut at {at}'
    if kind == 'nul': return data[:at] + b'\x00' * rng.choice([1, 1, 2, 20]) + data[at:], f'NUL at {at}'
    if kind == 'bom':
        b = rng.choice(BOMS); return b + data, f'BOM {b!r} at the start'
    if kind == 'bom-inside': return data[:at] + b'\xef\xbb\xbf' + data[at:], f'BOM at {at}'
    if kind == 'crlf':
        how = rng.choice(['CR', 'CRLF-some', 'LFCR', 'CR-all', 'CRCRLF'])
        if how == 'CR-all': return data.replace(b'\n', b'\r'), 'every LF a CR'
        lines = data.split(b'\n')
        sep = {'CR': b'\r', 'CRLF-some': b'\r\n', 'LFCR': b'\n\r', 'CRCRLF': b'\r\r\n'}[how]
        out = lines[0]
        for l in lines[1:]: out += (sep if rng.random() < 0.3 else b'\n') + l
        return out, f'some line ends {how}'
    if kind == 'quote':
        q = rng.choice([b'"', b'""', b'"x"', b"'"]); return data[:at] + q + data[at:], f'{q!r} inserted at {at}'
    if kind == 'separator':
        s = rng.choice([b',', b';', b'\t', b'|', b',,', b'\n', b'\r']); return data[:at] + s + data[at:], f'{s!r} inserted at {at}'
    if kind == 'separators-all':
        s = rng.choice([b';', b'\t', b'|', b', ']); return data.replace(b',', s), f'every comma {s!r}'
    if kind == 'unicode':
        u = rng.choice(['\u00a0', '\u200b', '\u202e', '\u2028', '\u0301', '\ufffd', '\U0001F600', '\u0661', '\uff0c', '\u201c',
                        '\u2019', '\ud800']).encode('utf-8', 'surrogatepass')
        return data[:at] + u + data[at:], f'{u!r} inserted at {at}'
    if kind == 'encoding':
        enc = rng.choice(['utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'latin-1', 'cp1252', 'utf-7'])
        try: return data.decode('utf-8').encode(enc, 'replace'), f're-encoded {enc}'
        except UnicodeDecodeError: return data, 'nothing'
    if kind == 'sep-line':
        l = rng.choice([b'sep=,', b'sep=;', b'sep=', b'sep=\t', b'SEP=,', b'sep=,,', b'"sep=,"']); return l + b'\n' + data, f'{l!r} line first'
    if kind == 'ctrl':
        c = bytes([rng.choice([1, 8, 9, 11, 12, 26, 27, 28, 31, 127])]); return data[:at] + c + data[at:], f'{c!r} inserted at {at}'
    if kind == 'blank-lines':
        return data[:at] + b'\n' * rng.randint(1, 5) + data[at:], f'blank lines at {at}'
    if kind == 'trailing-space':
        return data.replace(b'\n', b' \n') if rng.random() < 0.5 else data.replace(b',', b' , '), 'spaces around fields'
    if kind == 'several':
        labels = []
        for _ in range(rng.randint(2, 5)):
            data, l = byte_edit(data, rng); labels.append(l)
        return data, ' + '.join(labels)
    return data, 'nothing'


# ------------------------------------------------------------------------------------------------ workbooks
def typed(v: str):
    "A CSV cell as a workbook cell: plain digits as a number, else text."
    return int(v) if isinstance(v, str) and v.isascii() and v.isdigit() and len(v) < 16 else v


def xlsx_bytes(rows: list, ops: list) -> bytes:
    """The table as a workbook (counts as numbers), with `ops` applied: (name, args) each; an op out of the table is
    skipped. Ops that need the XML (a formula with a saved value) are applied to the zip after openpyxl writes it."""
    import openpyxl
    from openpyxl.comments import Comment
    from openpyxl.worksheet.datavalidation import DataValidation
    wb = openpyxl.Workbook()
    ws = wb.active; ws.title = 'bodies'
    xml_ops = []
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    for i, r in enumerate(rows, 1):
        for j, v in enumerate(r, 1):
            try: ws.cell(i, j).value = typed(v) if v != '' else None
            except Exception: ws.cell(i, j).value = ILLEGAL_CHARACTERS_RE.sub('', v)   # (openpyxl writes no control character)
    for name, a in ops:
        try:
            if name == 'cell':
                (i, j, v) = a
                c = ws.cell(i, j)
                if isinstance(v, str) and v[:2] in ('F:', 'T:', 'P:', 'R:'):
                    tag, v = v[:2], v[2:]
                    if tag == 'F:': c.value = v
                    elif tag == 'T:': c.value = v; c.data_type = 's'
                    elif tag == 'P:': c.value = float(v); c.number_format = '0%'
                    else:
                        from openpyxl.cell.rich_text import CellRichText, TextBlock
                        from openpyxl.cell.text import InlineFont
                        c.value = CellRichText(['Ag', TextBlock(InlineFont(b=True), 'ra')])
                else: c.value = v
            elif name == 'merge': ws.merge_cells(start_row=a[0], start_column=a[1], end_row=a[2], end_column=a[3])
            elif name == 'sheet':
                kind, pos = a
                if kind == 'copy-visible':
                    ws2 = wb.copy_worksheet(ws); ws2.title = 'copy'
                elif kind == 'copy-hidden':
                    ws2 = wb.copy_worksheet(ws); ws2.title = 'old'; ws2.sheet_state = 'hidden'
                elif kind in ('empty-visible', 'empty-hidden', 'empty-veryHidden'):
                    ws2 = wb.create_sheet('empty', pos); ws2.sheet_state = kind.split('-')[1]
                elif kind in ('data-hidden', 'data-veryHidden'):
                    ws2 = wb.create_sheet('other', pos); ws2['A1'] = 'x'; ws.sheet_state = kind.split('-')[1]
                elif kind == 'data-hidden-none-visible':
                    ws.sheet_state = 'hidden'
                elif kind == 'chartsheet':
                    wb.create_chartsheet('chart', pos)
                elif kind == 'named-allotment':
                    ws.title = 'allotment'; p = wb.create_sheet('provenance'); p['A1'] = 'statute'
                elif kind == 'empty-data':
                    for row in ws.iter_rows():
                        for c in row: c.value = None
                elif kind == 'title-long':
                    ws.title = 'x' * 31
            elif name == 'insert-rows': ws.insert_rows(a[0], a[1])
            elif name == 'insert-cols': ws.insert_cols(a[0], a[1])
            elif name == 'hide-row': ws.row_dimensions[a].hidden = True
            elif name == 'hide-col':
                from openpyxl.utils import get_column_letter
                ws.column_dimensions[get_column_letter(a)].hidden = True
            elif name == 'autofilter': ws.auto_filter.ref = ws.dimensions
            elif name == 'comment': ws.cell(*a).comment = Comment('a note', 'fuzz')
            elif name == 'hyperlink': ws.cell(*a).hyperlink = 'http://example.com/'
            elif name == 'validation':
                dv = DataValidation(type='whole', operator='greaterThan', formula1=0); ws.add_data_validation(dv); dv.add(ws.dimensions)
            elif name == 'freeze': ws.freeze_panes = 'B2'
            elif name == 'protect': ws.protection.sheet = True; wb.security = None
            elif name == 'defined-name':
                from openpyxl.workbook.defined_name import DefinedName
                wb.defined_names['data'] = DefinedName('data', attr_text=f"bodies!$A$1:$C$3")
            elif name == 'date1904': wb.epoch = openpyxl.utils.datetime.CALENDAR_MAC_1904
            elif name == 'number-format': ws.cell(*a[:2]).number_format = a[2]
            elif name == 'value-cell-far': ws.cell(a[0], a[1]).value = a[2]
            else: xml_ops.append((name, a))
        except Exception: pass                                 # an op that does not fit this table: skipped
    buf = io.BytesIO()
    try: wb.save(buf)
    except ValueError:                     # openpyxl will not write a workbook whose only sheets are hidden: hidden in the XML
        for w in wb.worksheets: w.sheet_state = 'visible'
        buf = io.BytesIO(); wb.save(buf); xml_ops.insert(0, ('workbook-xml', 1))
    data = buf.getvalue()
    for name, a in xml_ops:
        try: data = xml_edit(data, name, a)
        except Exception: pass                                 # (a zip an earlier edit broke)
    return data


def _rezip(data: bytes, edit) -> bytes:
    "The workbook with each part's bytes through `edit(name, bytes) -> bytes | None` (None: the part left out)."
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            b = edit(info.filename, src.read(info.filename))
            if b is not None: z.writestr(info.filename, b)
    return out.getvalue()


SHEET = 'xl/worksheets/sheet1.xml'


def xml_edit(data: bytes, name: str, a) -> bytes:
    "An edit of a workbook's XML parts or its zip container."
    rng = random.Random(a if isinstance(a, int) else str(a))
    if name == 'cached-formula':        # a number cell given a formula, its value kept: as Excel saves one
        i = [0]
        def f(n, b):
            if n != SHEET: return b
            def rep(m):
                i[0] += 1
                return m.group(1) + b'<f>1+1</f>' + m.group(2) if i[0] == a % 50 + 1 else m.group(0)
            return re.sub(rb'(<c [^>]*>)(<v>[^<]*</v>)', rep, b)
        return _rezip(data, f)
    if name == 'full-calc':
        return _rezip(data, lambda n, b: b.replace(b'<calcPr ', b'<calcPr fullCalcOnLoad="1" ') if n == 'xl/workbook.xml' else b)
    if name == 'sheet-xml':
        subs = [(rb' t="s"', b' t="n"'), (rb' t="n"', b' t="s"'), (rb'<v>(\d+)</v>', b'<v>99999</v>'), (rb' t="s"', b' t="b"'),
                (rb' t="s"', b' t="e"'), (rb' t="s"', b' t="d"'), (rb' t="s"', b' t="str"'), (rb' t="s"', b' t="inlineStr"'),
                (rb' t="n"', b' t="b"'), (rb' t="n"', b' t="d"'), (rb' t="n"', b' t="e"'), (rb' r="[A-Z]+\d+"', b''),
                (rb' r="(\d+)"', b''), (rb'<row r="(\d+)"', b'<row r="1"'), (rb' r="B', b' r="XFD'), (rb' r="C', b' r="A'),
                (rb'<v>(\d+)</v>', b'<v>1e400</v>'), (rb'<v>(\d+)</v>', b'<v>-3</v>'), (rb'<v>(\d+)</v>', b'<v>12.5</v>'),
                (rb'<v>(\d+)</v>', b'<v>abc</v>'), (rb'<v>(\d+)</v>', b'<v></v>'), (rb'<v>(\d+)</v>', b'<v> 7 </v>'),
                (rb'<v>(\d+)</v>', b'<v>NaN</v>'), (rb'<v>(\d+)</v>', b'<v>2958466</v>'), (rb' s="\d+"', b' s="999"'),
                (rb'<c ', b'<c s="999" '), (rb'<dimension ref="[^"]*"/>', b'<dimension ref="A1:XFD1048576"/>'),
                (rb'<dimension ref="[^"]*"/>', b''), (rb'<row ', b'<row hidden="1" '), (rb'<row r="(\d+)"', b'<row r="0"'),
                (rb'<row r="(\d+)"', b'<row r="abc"'), (rb'<c r="A(\d+)"', b'<c r="A1"'), (rb' r="A', b' r="a'),
                (rb'<sheetData>', b'<sheetData><row r="1048576"><c r="A1048576"><v>1</v></c></row>'),
                (rb'</sheetData>', b'<row r="3"><c r="A3" t="inlineStr"><is><t>Agra</t></is></c></row></sheetData>'),
                (rb'</sheetData>', b'</sheetData><mergeCells count="1"><mergeCell ref="A2:A3"/></mergeCells>'),
                (rb'<c ', b'<c cm="1" '), (rb'<v>', b'<v xml:space="preserve">  '), (rb'</row>', b'</row><row/>')]
        pat, rep = subs[a % len(subs)]
        first_only = (a // len(subs)) % 2 == 0
        return _rezip(data, lambda n, b: re.sub(pat, rep, b, count=1 if first_only else 0) if n == SHEET else b)
    if name == 'strings-xml':
        subs = [(rb'<t>', b'<t xml:space="preserve"> '), (rb'<si>', b'<si><r><t>x</t></r>'), (rb'<sst [^>]*>', b'<sst>'),
                (rb'<si><t>[^<]*</t></si>', b'<si/>'), (rb'<si><t>[^<]*</t></si>', b''), (rb'<t>', b'<t>\x0b')]
        pat, rep = subs[a % len(subs)]
        return _rezip(data, lambda n, b: re.sub(pat, rep, b, count=1) if n == 'xl/sharedStrings.xml' else b)
    if name == 'workbook-xml':
        subs = [(rb'<sheet ', b'<sheet state="bogus" '), (rb'<sheet ', b'<sheet state="hidden" '), (rb'name="bodies"', b'name=""'),
                (rb'<workbookPr', b'<workbookPr date1904="1"'), (rb'<sheets>', b'<sheets><sheet name="bodies" sheetId="9" r:id="rId9"/>'),
                (rb'<sheets>.*</sheets>', b'<sheets/>'), (rb'r:id="rId1"', b'r:id="rId99"')]
        pat, rep = subs[a % len(subs)]
        return _rezip(data, lambda n, b: re.sub(pat, rep, b, count=1, flags=re.S) if n == 'xl/workbook.xml' else b)
    if name == 'styles-xml':
        subs = [(rb'numFmtId="\d+"', b'numFmtId="9"'), (rb'numFmtId="\d+"', b'numFmtId="14"'), (rb'numFmtId="\d+"', b'numFmtId="300"'),
                (rb'<cellXfs count="\d+">', b'<cellXfs count="1"><xf numFmtId="10" applyNumberFormat="1"/>'),
                (rb'<numFmts[^>]*>.*</numFmts>', b''), (rb'(<styleSheet[^>]*>)', rb'\1<numFmts count="1"><numFmt numFmtId="164" formatCode="0.0%"/></numFmts>')]
        pat, rep = subs[a % len(subs)]
        edited = _rezip(data, lambda n, b: re.sub(pat, rep, b, count=1, flags=re.S) if n == 'xl/styles.xml' else b)
        if a % len(subs) >= 3:      # give every cell the new style (index 0 is the default one)
            edited = _rezip(edited, lambda n, b: b.replace(b'<c r=', b'<c s="0" r=') if n == SHEET else b)
        return edited
    if name == 'drop-part':
        parts = ['xl/sharedStrings.xml', 'xl/styles.xml', 'xl/_rels/workbook.xml.rels', '[Content_Types].xml', 'docProps/app.xml',
                 'xl/theme/theme1.xml', SHEET, '_rels/.rels']
        p = parts[a % len(parts)]
        return _rezip(data, lambda n, b: None if n == p else b)
    if name == 'part-bytes':        # one part's bytes edited (the zip itself still sound)
        parts = ['xl/workbook.xml', SHEET, 'xl/sharedStrings.xml', 'xl/styles.xml', '[Content_Types].xml', 'xl/_rels/workbook.xml.rels']
        p = parts[a % len(parts)]
        return _rezip(data, lambda n, b: byte_edit(b, rng)[0] if n == p else b)
    if name == 'zip-bytes': return byte_edit(data, rng)[0]
    if name == 'zip-header':        # a local header of the zip edited: the method, the flags, the sizes, the CRC
        offs = [m.start() for m in re.finditer(rb'PK\x03\x04', data)] + [m.start() for m in re.finditer(rb'PK\x01\x02', data)]
        if not offs: return data
        o = rng.choice(offs)
        field = rng.choice([(6, 2), (8, 2), (14, 4), (18, 4), (22, 4)] if data[o + 2] == 3 else [(8, 2), (10, 2), (16, 4), (20, 4), (24, 4), (42, 4)])
        val = rng.choice([0, 1, 0xFFFF, 0xFFFFFFFF, 99, 12, 14, 95, rng.randrange(1 << 16)])
        val = val.to_bytes(8, 'little')[:field[1]]
        return data[:o + field[0]] + val + data[o + field[0] + field[1]:]
    if name == 'zip-stored-bad-crc':  # a part stored with a wrong CRC
        src = zipfile.ZipFile(io.BytesIO(data)); out = io.BytesIO()
        with zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED) as z:
            for info in src.infolist(): z.writestr(info.filename, src.read(info.filename))
        b = bytearray(out.getvalue())
        target = rng.choice([b'xl/workbook.xml', SHEET.encode(), b'xl/sharedStrings.xml'])
        i = b.find(b'PK\x03\x04' + bytes(0))
        while i >= 0:
            nlen = int.from_bytes(b[i + 26:i + 28], 'little'); elen = int.from_bytes(b[i + 28:i + 30], 'little')
            if bytes(b[i + 30:i + 30 + nlen]) == target:
                start = i + 30 + nlen + elen
                b[start + 10] ^= 0x01                            # the content changed, the CRC not
                break
            i = b.find(b'PK\x03\x04', i + 4)
        return bytes(b)
    if name == 'zip-duplicate':
        src = zipfile.ZipFile(io.BytesIO(data)); out = io.BytesIO()
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
                for info in src.infolist():
                    z.writestr(info.filename, src.read(info.filename))
                    if info.filename in ('xl/workbook.xml', SHEET): z.writestr(info.filename, b'<x/>')
        return out.getvalue()
    return data


def xlsx_ops(rows: list, rng: random.Random) -> list:
    "Workbook-level edits for a table of `rows` (1-based rows and columns of the sheet)."
    n, m = len(rows), max(map(len, rows)) if rows else 1
    ops = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        kind = rng.choice(['cell', 'cell', 'cell', 'cell-header', 'merge', 'sheet', 'insert-rows', 'insert-cols', 'hide-row',
                           'hide-col', 'autofilter', 'comment', 'hyperlink', 'validation', 'freeze', 'protect', 'defined-name',
                           'date1904', 'number-format', 'value-cell-far', 'cached-formula', 'full-calc', 'sheet-xml', 'sheet-xml',
                           'strings-xml', 'workbook-xml', 'styles-xml', 'drop-part', 'part-bytes', 'zip-bytes', 'zip-header',
                           'zip-stored-bad-crc', 'zip-duplicate'])
        r, c = rng.randint(2, max(2, n)), rng.randint(1, m)
        if kind == 'cell': ops.append(('cell', (r, c, _cell_value(rng))))
        elif kind == 'cell-header': ops.append(('cell', (1, c, _cell_value(rng))))
        elif kind == 'merge':
            r0, c0 = rng.randint(1, n), rng.randint(1, m)
            ops.append(('merge', (r0, c0, min(n + 1, r0 + rng.randint(0, 2)), min(m + 1, c0 + rng.randint(0, 2)))))
        elif kind == 'sheet':
            ops.append(('sheet', (rng.choice(['copy-visible', 'copy-hidden', 'empty-visible', 'empty-hidden', 'empty-veryHidden',
                                              'data-hidden', 'data-veryHidden', 'data-hidden-none-visible', 'chartsheet',
                                              'named-allotment', 'empty-data', 'title-long']), rng.choice([0, 1]))))
        elif kind == 'insert-rows': ops.append(('insert-rows', (rng.randint(1, n + 1), rng.randint(1, 3))))
        elif kind == 'insert-cols': ops.append(('insert-cols', (rng.randint(1, m + 1), rng.randint(1, 3))))
        elif kind == 'hide-row': ops.append(('hide-row', rng.choice([r, n + 2, 1])))
        elif kind == 'hide-col': ops.append(('hide-col', rng.choice([c, m + 2])))
        elif kind in ('comment', 'hyperlink'): ops.append((kind, (rng.randint(1, n), c)))
        elif kind == 'number-format':
            ops.append(('number-format', (r, c, rng.choice(['0%', '0.00%', 'yyyy-mm-dd', '@', '000000', '#,##0', '[h]:mm', '"%"0', '0\\%']))))
        elif kind == 'value-cell-far':
            ops.append(('value-cell-far', (rng.choice([1, r, n + 3]), rng.choice([m + 1, m + 5, 16384, 1]), rng.choice(['x', 5, None, ' ']))))
        elif kind in ('cached-formula', 'sheet-xml', 'strings-xml', 'workbook-xml', 'styles-xml', 'drop-part', 'part-bytes',
                      'zip-bytes', 'zip-header', 'zip-stored-bad-crc', 'zip-duplicate'):
            ops.append((kind, rng.randrange(10 ** 6)))
        else: ops.append((kind, None))
    return ops


# ------------------------------------------------------------------------------------------------ an edited file
def make(base_rows: list, role: str, rng: random.Random) -> dict:
    """An edit of a table: {'fmt': 'csv' | 'xlsx', 'rows': the table after the cell edits, 'ops': workbook edits,
    'bytes_edit': a byte edit's seed or None, 'suffix': the file's name ending, 'label'}."""
    rows = [list(r) for r in base_rows]
    fmt = rng.choice(['csv', 'csv', 'xlsx'])
    labels = []
    mode = rng.choice(['cell', 'cell', 'cell', 'bytes', 'bytes', 'both', 'cells'] if fmt == 'csv' else ['cell', 'ops', 'ops', 'both', 'plain-ops'])
    if mode in ('cell', 'both', 'cells'):
        for _ in range(rng.randint(2, 4) if mode == 'cells' else 1):
            try: labels.append(cell_edit(rows, rng, role))
            except (IndexError, ValueError): labels.append('(an edit that did not fit: skipped)')
    ops, bseed = [], None
    if fmt == 'xlsx' and mode in ('ops', 'both', 'plain-ops'):
        ops = xlsx_ops(rows, rng); labels.append('xlsx ' + ', '.join(f'{k}{"" if a is None else " " + repr(a)[:50]}' for k, a in ops))
    if fmt == 'csv' and mode in ('bytes', 'both'): bseed = rng.randrange(10 ** 9); labels.append('bytes')
    suffix = '.' + fmt
    if rng.random() < 0.04: suffix = rng.choice(['.XLSX', '.xlsm', '.Csv', '.txt', '.tsv', '']) if fmt == 'xlsx' else rng.choice(['.CSV', '.txt', '.xlsx', '.json', ''])
    return {'fmt': fmt, 'rows': rows, 'ops': ops, 'bseed': bseed, 'suffix': suffix, 'label': '; '.join(labels)}


def render(e: dict) -> tuple:
    "The bytes of an edit, and the byte edit's label."
    if e['fmt'] == 'raw': return e['data'], ''
    if e['fmt'] == 'xlsx': return xlsx_bytes(e['rows'], e['ops']), ''
    data = csv_bytes(e['rows'], e.get('newline', '\n'))
    if e['bseed'] is not None:
        data, label = byte_edit(data, random.Random(e['bseed']))
        return data, label
    return data, ''


# ------------------------------------------------------------------------------------------------ one run
class _Timeout(BaseException): pass


def _alarm(*_): raise _Timeout()


def _frames(tb) -> str:
    here = [f'{Path(f.filename).name}:{f.lineno}:{f.name}' for f in traceback.extract_tb(tb) if 'reservation_law' in f.filename]
    return ' < '.join(reversed(here[-3:]))


def run_one(argv: list, outdir: Path, inputs: dict) -> dict:
    """`cli.run(argv)` in this process: the exit status, the exception (an internal error), stderr's lines, and what is
    wrong with a refusal (not one `error:` line naming a file; a file written)."""
    from reservation_law.cli import run
    out, err = io.StringIO(), io.StringIO()
    for p in outdir.iterdir(): p.unlink() if p.is_file() else shutil.rmtree(p)
    signal.signal(signal.SIGALRM, _alarm); signal.alarm(RUN_SECONDS)
    t0 = time.time()
    exc, tb_text = None, None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try: code = run(argv, out, err)
        except _Timeout: code, exc = 'timeout', f'no answer within {RUN_SECONDS} s'
        except BaseException as x:
            code, exc = 3, f'{type(x).__name__} @ {_frames(x.__traceback__)}'
            tb_text = ''.join(traceback.format_exception(x))
            exc_msg = str(x)[:300]
        finally: signal.alarm(0)
    secs = time.time() - t0
    lines = [l for l in err.getvalue().splitlines() if l.strip()]
    written = sorted(p.name for p in outdir.iterdir())
    r = {'argv': argv, 'code': code, 'exc': exc, 'tb': tb_text, 'secs': round(secs, 2), 'last': lines[-1][:400] if lines else '',
         'problems': []}
    if exc and code == 3: r['msg'] = exc_msg
    warn = [f'{w.category.__name__}: {str(w.message)[:160]}' for w in caught
            if not issubclass(w.category, (DeprecationWarning, PendingDeprecationWarning, ResourceWarning))]   # (not shown by default)
    if warn: r['problems'].append(('python warning on stderr', warn[0]))
    cmd = argv[0]
    ok = {0, 2} | ({1} if cmd == 'check' else set())
    if code not in ok and code != 3 and code != 'timeout': r['problems'].append((f'exit {code}', r['last']))
    if code == 2:
        if written: r['problems'].append(('refused, yet a file was written', ', '.join(written)))
        if out.getvalue(): r['problems'].append(('refused, yet standard output was written', out.getvalue()[:100]))
        errs = [l for l in lines if l.startswith('error:')]
        if len(lines) != 1 or not errs: r['problems'].append(('refusal not one error line', ' | '.join(lines)[:400]))
        elif not any(str(p) in errs[0] or Path(p).name in errs[0] for p in inputs.values()):
            r['problems'].append(('refusal names no file', errs[0][:400]))
    if code == 0 and '-o' in argv and not written: r['problems'].append(('exit 0, no output written', r['last']))
    if secs > 30 and code != 'timeout': r['problems'].append(('slow run (> 30 s)', f'{secs:.0f} s'))
    return r


def _norm(s: str, inputs: dict) -> str:
    "A message, its file names, numbers and quoted words made general (to group findings)."
    for p in inputs.values(): s = s.replace(str(p), 'FILE').replace(Path(p).name, 'FILE')
    s = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", s)
    s = re.sub(r'\d[\d,]*', '#', s)
    return s[:160]


def signatures(r: dict, inputs: dict) -> list:
    "The findings of a run, each as (kind, signature)."
    out = []
    if r['code'] == 3: out.append(('internal error', r['exc']))
    if r['code'] == 'timeout': out.append(('hang', f"{r['argv'][0]}: {r['exc']}"))
    for kind, what in r['problems']: out.append((kind, f"{r['argv'][0]}: {_norm(what, inputs)}"))
    return out


# ------------------------------------------------------------------------------------------------ the worker
class Worker:
    "Everything that imports the project runs here: the base files, the edits, the runs, the minimising."

    def __init__(self, folder: Path, keep: Path | None):
        self.folder, self.keep = folder, keep
        self.base, self.outdir = folder / 'base', folder / 'out'
        self.base.mkdir(exist_ok=True); self.outdir.mkdir(exist_ok=True)
        self.files, self.tables, self.interps = {}, {}, {}
        from reservation_law.core import registry
        for sc, (s, bodies, _, _) in SCENARIOS.items():
            b = self.base / f'{sc}_bodies.csv'; shutil.copy(DATA / bodies, b)
            self.files[sc] = {'B': b}
            self.tables[(sc, 'bodies')] = read_rows(b)
            self.interps[sc] = [(i.name, o) for i in registry.get(s).interpretations for o in i.options if o != i.default]
            if s in SEATS: continue
            prev = self.base / f'{sc}_previous.csv'
            assert self._quiet(['allot', s, str(b), '-o', str(prev)]) == 0, sc
            pub = self.base / f'{sc}_published.csv'
            shutil.copy(DATA / 'published_up_mayor_2023_03_30_draft.csv' if s == 'up-mayor-2023' else prev, pub)
            self.files[sc].update({'P': prev, 'U': pub})
            self.tables[(sc, 'previous')] = read_rows(prev)
            self.tables[(sc, 'published')] = read_rows(pub)
        self.seen = {}                                           # signature -> count
        self.examples = {}                                       # signature -> the first example (minimised)

    def _quiet(self, argv):
        from reservation_law.cli import run
        return run(argv, io.StringIO(), io.StringIO())

    def argv(self, tpl, paths, ext):
        return [a.replace('{B}', str(paths['B'])).replace('{P}', str(paths.get('P', ''))).replace('{U}', str(paths.get('U', '')))
                 .replace('{O}', str(self.outdir)).replace('{X}', ext) for a in tpl]

    def check_bases(self) -> list:
        "Every command line on the clean inputs: each must give 0 (or 1 for check)."
        bad = []
        for sc in SCENARIOS:
            for role in ROLES[sc]:
                for tpl in templates(sc, role):
                    for ext in (('html', 'xlsx') if tpl[0] == 'order' else EXTS[:2]):
                        r = run_one(self.argv(tpl, self.files[sc], ext), self.outdir, self.files[sc])
                        if r['code'] not in (0, 1) or r['problems']: bad.append((sc, role, r['argv'], r['code'], r['exc'] or r['last'], r['problems']))
        return bad

    def job(self, spec) -> dict:
        "One edited file, read by its commands: {spec, label, runs: [...], new: [findings first seen]}."
        sc, role, k, seed, nruns = spec
        rng = random.Random(f'{seed}:{sc}:{role}:{k}')
        e = make(self.tables[(sc, role)], role, rng)
        tpls = templates(sc, role)
        chosen = [tpls[0]] + rng.sample(tpls[1:], min(nruns - 1, len(tpls) - 1))
        runs_spec = []
        for tpl in chosen:
            ext = rng.choice(('html', 'json', 'xlsx') if tpl[0] == 'order' else EXTS)
            extra = []
            if self.interps[sc] and rng.random() < 0.25: extra = ['-i', '='.join(rng.choice(self.interps[sc]))]
            runs_spec.append((tpl, ext, extra))
        return self._runs(sc, role, e, runs_spec, spec)

    def _write(self, sc, role, e) -> tuple:
        data, blabel = render(e)
        path = self.folder / f'edit_{role}{e["suffix"]}'
        for p in self.folder.glob('edit_*'): p.unlink()
        path.write_bytes(data)
        paths = dict(self.files[sc]); paths[{'bodies': 'B', 'previous': 'P', 'published': 'U'}[role]] = path
        return path, paths, blabel

    def _runs(self, sc, role, e, runs_spec, spec):
        path, paths, blabel = self._write(sc, role, e)
        label = e['label'] + (f' [{blabel}]' if blabel else '')
        runs, new = [], []
        for tpl, ext, extra in runs_spec:
            r = run_one(self.argv(tpl, paths, ext) + extra, self.outdir, paths)
            r['tb'] = r['tb'][-3000:] if r['tb'] else None
            runs.append({k: v for k, v in r.items() if k not in ('tb',)})
            for kind, sig in signatures(r, paths):
                self.seen[sig] = self.seen.get(sig, 0) + 1
                if self.seen[sig] == 1:
                    small = kind in ('internal error', 'hang') or kind.startswith(('exit', 'refused', 'refusal not'))
                    ex = self.minimise(sc, role, e, (tpl, ext, extra), kind, sig, r, label, budget=150 if small else 0)
                    new.append(ex)
                    path, paths, _ = self._write(sc, role, e)          # the minimising wrote other edits
        return {'spec': spec, 'label': label, 'fmt': e['fmt'], 'runs': runs, 'new': new}

    def _same(self, sc, role, e, run_spec, sig) -> bool:
        tpl, ext, extra = run_spec
        _, paths, _ = self._write(sc, role, e)
        r = run_one(self.argv(tpl, paths, ext) + extra, self.outdir, paths)
        return sig in [s for _, s in signatures(r, paths)]

    def minimise(self, sc, role, e, run_spec, kind, sig, r, label, budget=150) -> dict:
        """The edit made smaller while the run ends the same way: rows dropped (a CSV edited byte by byte: its lines), then
        kept under `keep`/<n>/ with the other inputs and the command."""
        import copy
        best, tries, t0 = copy.deepcopy(e), [0], time.time()
        def same(cand):
            if tries[0] >= budget or time.time() - t0 > 90: return False
            tries[0] += 1
            return self._same(sc, role, cand, run_spec, sig)
        if best['fmt'] == 'csv' and best['bseed'] is not None:        # a byte edit: the edited bytes, line by line
            data, _ = render(best)
            best = {'fmt': 'raw', 'data': data, 'suffix': best['suffix'], 'rows': None}
        if best['fmt'] == 'raw':
            lines = best['data'].split(b'\n')
            chunk = max(1, len(lines) // 2)
            while chunk >= 1 and tries[0] < budget:
                i, changed = 1, False
                while i < len(lines) and tries[0] < budget:
                    cand = lines[:i] + lines[i + chunk:]
                    c = dict(best, data=b'\n'.join(cand))
                    if same(c): lines, best, changed = cand, c, True
                    else: i += chunk
                if not changed: chunk //= 2
        elif best['rows'] and len(best['rows']) > 2:
            rows = best['rows']
            chunk = max(1, (len(rows) - 1) // 2)
            while chunk >= 1 and tries[0] < budget:
                i, changed = 1, False
                while i < len(rows) and tries[0] < budget:
                    cand = rows[:i] + rows[i + chunk:]
                    if len(cand) < 2: i += chunk; continue
                    c = dict(best, rows=cand)
                    if same(c): rows, best, changed = cand, c, True
                    else: i += chunk
                if not changed: chunk //= 2
            if best['fmt'] == 'xlsx' and best['ops']:                   # drop the workbook edits that are not needed
                for op in list(best['ops']):
                    c = dict(best, ops=[o for o in best['ops'] if o is not op])
                    if same(c): best = c
        # the smallest: its bytes, the run again (its stderr, its traceback)
        _, paths, _ = self._write(sc, role, best)
        tpl, ext, extra = run_spec
        r2 = run_one(self.argv(tpl, paths, ext) + extra, self.outdir, paths)
        if sig not in [s for _, s in signatures(r2, paths)]:      # (should not happen) the original
            best = e; _, paths, _ = self._write(sc, role, best)
            r2 = run_one(self.argv(tpl, paths, ext) + extra, self.outdir, paths)
        ex = {'kind': kind, 'sig': sig, 'scenario': sc, 'role': role, 'label': label, 'tries': tries[0],
              'rows': len(best['rows']) if best.get('rows') else None, 'code': r2['code'], 'last': r2['last'],
              'tb': (r2['tb'] or '')[-2500:], 'msg': r2.get('msg')}
        if self.keep:
            n = len(list(self.keep.glob('f*'))) + 1
            d = self.keep / f'f{n:03d}'
            d.mkdir(parents=True)
            kept = {}
            for key, p in paths.items():
                dst = d / (('edit_' + role + best['suffix']) if p.name.startswith('edit_') else p.name.split('_', 1)[1])
                shutil.copy(p, dst); kept[key] = dst
            argv = [a.replace(str(self.outdir), str(d / 'out')) for a in self.argv(tpl, kept, ext) + extra]
            ex['argv'] = argv; ex['dir'] = str(d)
            (d / 'out').mkdir()
            (d / 'README.txt').write_text(
                f"{kind}: {sig}\nedit: {label}\nscenario {sc}, the {role} file edited (minimised: {ex['rows']} rows, {tries[0]} tries)\n"
                f"exit: {r2['code']}\n\ncommand:\n  reservation-law {' '.join(map(_shq, argv))}\n\n"
                f"last stderr line:\n  {r2['last']}\n\n{r2['tb'] or ''}", encoding='utf-8')
        return ex


def _shq(a: str) -> str:
    return a if re.fullmatch(r'[\w./=:,+-]+', a) else "'" + a.replace("'", "'\\''") + "'"


def worker_main(conn, folder, keep):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    w = Worker(Path(folder), Path(keep) if keep else None)
    conn.send(('ready', w.check_bases()))
    while True:
        spec = conn.recv()
        if spec is None: break
        try: conn.send(('done', w.job(spec)))
        except BaseException as x:             # the fuzzer's own failure: reported, the next job goes on
            conn.send(('fuzzer-error', {'spec': spec, 'error': ''.join(traceback.format_exception(x))[-2000:]}))


# ------------------------------------------------------------------------------------------------ the supervisor
def jobs(seed: int, sample: float, per_role: int, nruns: int) -> list:
    "Every (scenario, role, k, seed, runs) edit of the run, a `sample` of them, in a shuffled order (all from `seed`)."
    rnd = random.Random(seed)
    weight = {'m23': 3, 'm94': 2, 'pp': 2, 'pp193': 1, 'np': 1, 'wards': 1, 'council': 1}
    out = [(sc, role, k, seed, nruns) for sc in SCENARIOS for role in ROLES[sc] for k in range(per_role * weight[sc])
           if rnd.random() < sample]
    rnd.shuffle(out)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--seed', type=int, default=8, help='fixes the edits (and their order)')
    ap.add_argument('--sample', type=float, default=1.0, help='the share of the edits run')
    ap.add_argument('--per-role', type=int, default=2000, help='edits of each file (times a weight per statute)')
    ap.add_argument('--runs', type=int, default=2, help='command lines run on each edited file')
    ap.add_argument('--minutes', type=float, default=0, help='stop after this many minutes (0: when every edit is run)')
    ap.add_argument('--keep', help='a folder to keep each finding in (its smallest input, the other inputs, the command)')
    ap.add_argument('--log', help='a JSON-lines file of every finding')
    a = ap.parse_args()
    keep = Path(a.keep) if a.keep else None
    if keep: keep.mkdir(parents=True, exist_ok=True)
    todo = jobs(a.seed, a.sample, a.per_role, a.runs)
    print(f'{len(todo):,} edited files planned (seed {a.seed}, sample {a.sample})', flush=True)
    t0, deadline = time.time(), time.time() + a.minutes * 60 if a.minutes else float('inf')
    codes, found, files, nruns, fmts = collections.Counter(), collections.defaultdict(list), 0, 0, collections.Counter()
    examples, errors = {}, []
    log = open(a.log, 'a', encoding='utf-8') if a.log else None
    ctx = mp.get_context('fork')
    with tempfile.TemporaryDirectory() as tmp:
        def start():
            parent, child = ctx.Pipe()
            p = ctx.Process(target=worker_main, args=(child, tmp, a.keep), daemon=True); p.start()
            tag, bad = parent.recv()
            for b in bad: print('BASE RUN NOT CLEAN:', b, flush=True)
            return p, parent
        p, conn = start()
        i = 0
        while i < len(todo) and time.time() < deadline:
            spec = todo[i]; i += 1
            conn.send(spec)
            if not conn.poll(JOB_SECONDS * spec[4] + 240):
                p.kill(); p.join()
                found[('hang', f'job did not answer in {JOB_SECONDS * spec[4] + 240} s')].append(repr(spec))
                print(f'! hang: {spec}', flush=True)
                p, conn = start(); continue
            try: tag, res = conn.recv()
            except EOFError:
                found[('worker died', 'the worker process ended')].append(repr(spec))
                p.join(); p, conn = start(); continue
            if tag == 'fuzzer-error':
                errors.append(res); continue
            files += 1; fmts[res['fmt']] += 1
            for r in res['runs']:
                nruns += 1; codes[(r['argv'][0], r['code'])] += 1
            for ex in res['new']:
                examples[ex['sig']] = ex
                print(f"\n+ {ex['kind']}: {ex['sig']}\n  {res['spec'][0]}/{res['spec'][1]}: {ex['label'][:200]}\n  exit {ex['code']}: {ex['last'][:200]}"
                      + (f"\n  kept in {ex['dir']}" if ex.get('dir') else ''), flush=True)
                if log: log.write(json.dumps(ex, ensure_ascii=False) + '\n'); log.flush()
            # count every run's findings by signature (the worker has them; recount here from the runs)
            for r in res['runs']:
                sigs = []
                if r['code'] == 3: sigs.append(('internal error', r['exc']))
                if r['code'] == 'timeout': sigs.append(('hang', f"{r['argv'][0]}: {r['exc']}"))
                for k, what in r['problems']: sigs.append((k, None))
                for k, s in sigs: found[(k, s)].append(f"{res['spec'][0]}/{res['spec'][1]}: {res['label'][:120]}")
            if files % 200 == 0:
                print(f'[{time.time() - t0:.0f} s] {files:,} files, {nruns:,} runs, {sum(len(v) for v in found.values()):,} findings', flush=True)
        conn.send(None); p.join(10)
        if p.is_alive(): p.kill()
    print(f'\nin {time.time() - t0:.0f} s: {files:,} edited files ({dict(fmts)}), {nruns:,} runs; exit codes by command: '
          + ', '.join(f'{c} {k}: {n:,}' for (c, k), n in sorted(codes.items(), key=str)))
    for ex in sorted(examples.values(), key=lambda x: (x['kind'], x['sig'])):
        print(f"\n[{ex['kind']}] {ex['sig']}\n  first: {ex['scenario']}/{ex['role']}: {ex['label'][:200]}\n  exit {ex['code']}; {ex['last'][:300]}"
              + (f"\n  {ex['dir']}" if ex.get('dir') else ''))
    by_kind = collections.Counter()
    for (k, _), v in found.items(): by_kind[k] += len(v)
    print('\nruns by finding kind: ' + (', '.join(f'{k}: {n:,}' for k, n in by_kind.most_common()) or 'none'))
    print(f'{len(errors)} edit(s) the fuzzer itself failed to make (skipped)')
    for e in errors[:5]: print('\nFUZZER ERROR', e['spec'], e['error'][-800:])
    return 1 if examples else 0


if __name__ == '__main__':
    sys.exit(main())
