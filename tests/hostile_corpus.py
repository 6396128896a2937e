"""The hostile-input corpus of issue #8: malformed and hostile inputs, as a new user and an attacker would try them.

Every case is generated in code (CSV text here, XLSX workbooks by openpyxl at test time, into the test's own
folder), so nothing binary is committed. A case is: a name, its input files, the command line (as given to
`reservation_law.cli.run`), and what the tool must do with it:

- `Refused`: exit status 2, one line on stderr, `error: ` naming the file, the row and the column where they
  apply; nothing on stdout, no file created or changed, no temporary file left.
- `Same`: exit status 0 and the same table as the same data written cleanly (the case's *twin*): never a
  silently different result.
- `RefusedOrSame`: either of the two (where the issue lets the tool either refuse or read correctly).
- `Safe`: formula injection: either refused at input, or accepted with no live formula in any output.

`tests/test_hostile.py` runs them; `ENVIRONMENT` names the cases that need a process of their own (closed
stdout, signals, a full disk, umask), which are written out there.

Readings of issue #8 that the cases fix (where the issue leaves a choice):
- counts: plain ASCII digits, or Western or Indian grouping, nothing else: `3.0`, `1_234`, `1 234 567`, `+5`,
  Devanagari, Arabic-Indic, full-width and superscript digits are refused; in a workbook a number cell holding a
  whole number (`340869.0`) is that number, a boolean, a date or an error cell is refused;
- names: two bodies (or divisions) that differ only by NFC/NFD, by an invisible character (zero-width, BOM, bidi
  controls and marks) or, for divisions, by case are refused; a control character (C0, DEL, C1, and the line
  separator U+2028) in a name or a header is refused; an error line never carries a raw control or invisible
  character (a tab included) and is one line; one division written in NFC and in NFD may be refused or read as
  one division;
- a read-only output file is refused even when the user could replace it (root, or a writable folder);
- an input that is not a regular file (a named pipe, /dev/zero) is refused, not read;
- formula injection: either refusal at input or neutralisation passes; stdout is an output like any other.
"""
from __future__ import annotations
import csv, datetime, io, unicodedata, zipfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from reservation_law.core.bodies import example_path

# ------------------------------------------------------------------------------------------------ the statutes
# statute id -> (command, bundled example file its clean base table comes from)
STATUTES = {
    'up-mayor-1994': ('allot', 'up_corporations_17.csv'),
    'up-mayor-2023': ('allot', 'up_corporations_17.csv'),
    'up-corporation-wards': ('seats', 'up_corporations_17.csv'),
    'up-palika-parishads-2023': ('allot', 'up_palika_parishads_example.csv'),
    'up-nagar-panchayats-2023': ('allot', 'up_palika_parishads_example.csv'),
    'municipal-council': ('seats', 'karnataka_councils.csv'),
}
# a population large enough that any lenient reading of a hostile count still gives a valid row (so that a
# lenient reader is caught accepting it, not refusing it for another reason); the council's table of seats
# stops below 3,00,000
ROOMY = {s: ('290000' if s == 'municipal-council' else '5000000') for s in STATUTES}
PREVIOUS = 'published_up_mayor_2023_03_30_draft.csv'   # a real previous allotment of the 17 corporations
MAYORS = ('up-mayor-1994', 'up-mayor-2023')
# the count columns each statute reads (`reservation-law statutes --verbose`; the council's `nominated` is optional)
NEEDS = {'up-mayor-1994': ('population', 'sc', 'st', 'bc'), 'up-mayor-2023': ('population', 'sc', 'st', 'bc'),
         'up-corporation-wards': ('population', 'sc', 'st', 'bc', 'seats'),
         'up-palika-parishads-2023': ('population', 'sc', 'st', 'bc', 'women'),
         'up-nagar-panchayats-2023': ('population', 'sc', 'st', 'bc', 'women'),
         'municipal-council': ('population', 'sc', 'st', 'nominated')}
DIVISIONS = ('up-palika-parishads-2023', 'up-nagar-panchayats-2023')
# The three statutes whose inputs differ in shape (corporations; chairpersons with divisions and women; councils)
# get every hostile value of a list; the other three, which read their input the same way, a selection.
FULL = ('up-mayor-2023', 'up-palika-parishads-2023', 'municipal-council')


def pick(statute: str, cases: dict, few) -> dict:
    "All of `cases` for a statute in FULL, else only those named in `few`."
    return dict(cases) if statute in FULL else {k: v for k, v in cases.items() if k in few}



def quote(field: str) -> str:
    "One CSV field, quoted as RFC 4180 does (Python's csv.writer leaves a lone carriage return unquoted)."
    return '"' + field.replace('"', '""') + '"' if any(c in field for c in ',"\r\n') else field


@dataclass(frozen=True)
class Table:
    "A small table of text cells: the header and the rows, as a CSV file would hold them."
    header: tuple
    rows: tuple

    @classmethod
    def bundled(cls, name: str) -> 'Table':
        with open(example_path(name), encoding='utf-8', newline='') as f:
            header, *rows = list(csv.reader(f))
        return cls(tuple(header), tuple(tuple(r) for r in rows))

    def col(self, name: str) -> int: return self.header.index(name)

    def cell(self, i: int, col: str) -> str: return self.rows[i][self.col(col)]

    def set(self, i: int, col: str, value) -> 'Table':
        rows = [list(r) for r in self.rows]
        rows[i][self.col(col)] = value
        return Table(self.header, tuple(tuple(r) for r in rows))

    def map(self, col: str, f) -> 'Table':
        "Every row's `col` through `f`."
        t = self
        for i in range(len(self.rows)): t = t.set(i, col, f(self.cell(i, col)))
        return t

    def with_header(self, header) -> 'Table': return Table(tuple(header), self.rows)

    def add_column(self, name: str, values) -> 'Table':
        return Table(self.header + (name,), tuple(r + (v,) for r, v in zip(self.rows, values)))

    def text(self, newline: str = '\n') -> str:
        return ''.join(','.join(quote(str(f)) for f in r) + newline for r in (self.header,) + self.rows)

    def csv(self, encoding: str = 'utf-8', newline: str = '\n') -> bytes:
        return self.text(newline).encode(encoding)

    def sheet(self) -> list:
        "The rows as spreadsheet values: counts (plain digits) as numbers, everything else as text."
        return [list(self.header)] + [[int(v) if isinstance(v, str) and v.isascii() and v.isdigit() else v for v in r]
                                      for r in self.rows]

    def xlsx(self, **kw) -> 'Workbook': return Workbook(((kw.pop('title', 'bodies'), self.sheet(), 'visible'),), **kw)


def line(i: int) -> int:
    "The line (row number) of data row `i` in a file with the header on line 1."
    return i + 2


def base(statute: str) -> Table:
    "The clean table a statute's cases start from: a bundled example."
    return Table.bundled(STATUTES[statute][1])


# ------------------------------------------------------------------------------------------------ workbooks
class Text(str):
    "A spreadsheet cell that must be a text cell even if it begins with '=' (openpyxl would make it a formula)."


class Formula(str):
    "A live formula cell, written without a cached value (as openpyxl writes every formula)."


@dataclass(frozen=True)
class Workbook:
    """An XLSX file, made by openpyxl when the test runs. `sheets`: (title, rows, state) with state 'visible',
    'hidden' or 'veryHidden'; `cells`: {(sheet index, row, column) (1-based): value} set after the rows."""
    sheets: tuple
    cells: tuple = ()

    def write(self, path: Path) -> None:
        import openpyxl
        wb = openpyxl.Workbook()
        wb.remove(wb.active)
        for title, rows, state in self.sheets:
            ws = wb.create_sheet(title)
            for r, values in enumerate(rows, 1):
                for c, v in enumerate(values, 1): _put(ws.cell(r, c), v)
            ws.sheet_state = state
        for (s, r, c), v in self.cells: _put(wb.worksheets[s].cell(r, c), v)
        wb.active = next(i for i, (_, _, state) in enumerate(self.sheets) if state == 'visible')
        wb.save(path)

    def at(self, sheet: int, row: int, col: int, value) -> 'Workbook':
        return replace(self, cells=self.cells + (((sheet, row, col), value),))


def _put(cell, v):
    if v is None or v == '':
        cell.value = None
        return
    cell.value = str(v) if isinstance(v, (Text, Formula)) else v
    if isinstance(v, Text): cell.data_type = 's'


@dataclass(frozen=True)
class Huge:
    "An XLSX file whose first body has a name of `size` characters (built with openpyxl's write-only mode)."
    table: Table
    size: int

    def write(self, path: Path) -> None:
        import openpyxl
        wb = openpyxl.Workbook(write_only=True)
        ws = wb.create_sheet('bodies')
        rows = self.table.sheet()
        rows[1][0] = 'A' * self.size
        for r in rows: ws.append(r)
        wb.save(path)


@dataclass(frozen=True)
class Lazy:
    "A file made when the test runs (a large one)."
    make: Callable[[], bytes]

    def write(self, path: Path) -> None: path.write_bytes(self.make())


DIR = object()   # a folder in place of a file


@dataclass(frozen=True)
class Mode:
    "A file (or, with DIR, a folder) given a mode after it is made."
    content: object
    mode: int


# ------------------------------------------------------------------------------------------------ expectations
@dataclass(frozen=True)
class Refused:
    file: str | None = None        # the file the error must name
    row: int | tuple | None = None  # `row N` (any of a tuple: a quoted field may span two lines)
    column: str | None = None      # `column 'x'`
    says: tuple = ()               # further text the message must contain


@dataclass(frozen=True)
class Same:
    "Accepted, with the same table as the twin (the same data, written cleanly)."
    files: dict
    argv: tuple
    before: tuple = ()             # command lines run first in the twin's folder (each must succeed)
    columns: tuple | None = None   # compare only these columns (None: all)
    any_order: bool = False        # compare the rows as a set (the input's rows were reordered)


@dataclass(frozen=True)
class RefusedOrSame:
    refused: Refused
    same: Same


@dataclass(frozen=True)
class Safe:
    """Formula injection: refused at input (as `refused` says), or accepted with every output free of live
    formulas and each of `names` present, neutralised (CSV: OWASP, prefixed with `'`; XLSX: a text cell;
    HTML: escaped). `outputs` lists the files (or 'stdout') to inspect."""
    refused: Refused
    names: tuple
    outputs: tuple


@dataclass(frozen=True)
class Case:
    name: str
    group: str
    argv: tuple
    files: dict
    expect: object
    statute: str | None = None
    before: tuple = ()
    links: tuple = ()              # (link, target) symbolic links made before the run
    root_skip: str | None = None   # skip when running as root, with this reason

    @property
    def output_given(self) -> bool: return '-o' in self.argv


CASES: list[Case] = []


def add(*a, **k) -> Case:
    c = Case(*a, **k)
    CASES.append(c)
    return c


def cmd(statute: str, bodies: str = 'bodies.csv', *more) -> tuple:
    return (STATUTES[statute][0], statute, bodies) + tuple(more)


def same_csv(statute: str, table: Table, *more, name: str = 'bodies.csv', before=()) -> Same:
    return Same({name: table.csv()}, cmd(statute, name, *more), before)


# ------------------------------------------------------------------------------------------------ numbers
WESTERN = lambda n: f'{n:,}'


def indian(n: int) -> str:
    "12,34,567: the last three digits, then groups of two."
    s = str(n)
    head, tail = s[:-3], s[-3:]
    groups = []
    while len(head) > 2: groups.insert(0, head[-2:]); head = head[:-2]
    return ','.join(([head] if head else []) + groups + [tail])


REFUSED_COUNTS = {  # name -> the cell as written
    'misplaced-comma 550,0': '550,0',
    'comma-every-digit 3,4,0,8,6,9': '3,4,0,8,6,9',
    'inner-space 2687 28': '2687 28',
    'double-comma 340,,869': '340,,869',
    'grouping-neither 12,345,67': '12,345,67',
    'grouping-four 1,2345': '1,2345',
    'leading-comma ,123': ',123',
    'trailing-comma 123,': '123,',
    'space-grouping 1 234 567': '1 234 567',
    'underscore 1_234': '1_234',
    'decimal 1.5': '1.5',
    'decimal-point-zero 3.0': '3.0',
    'exponent 1e3': '1e3',
    'negative -5': '-5',
    'plus-sign +5': '+5',
    'hex 0x10': '0x10',
    'arabic-indic digits': '\u0661\u0662\u0663',        # ١٢٣
    'devanagari digits': '\u0967\u0968\u0969',         # १२३: the issue asks for plain digits only
    'fullwidth digits': '\uff11\uff12\uff13',          # １２３
    'superscript two': '\u00b2',
    'empty': '',
    'whitespace-only': '   ',
    'NaN': 'NaN',
    'inf': 'inf',
    'word': 'five',
    'count 10**13': str(10 ** 13),
}

def _zero(t: Table, i: int) -> Table:
    "Row `i` with every count zero."
    for c in ('population', 'sc', 'st', 'bc', 'women'):
        if c in t.header: t = t.set(i, c, '0')
    return t


for s in STATUTES:
    t = base(s).set(2, 'population', ROOMY[s])
    for label, raw in pick(s, REFUSED_COUNTS, ('misplaced-comma 550,0', 'comma-every-digit 3,4,0,8,6,9', 'inner-space 2687 28',
                                              'double-comma 340,,869', 'devanagari digits', 'empty')).items():
        add(f'numbers/{s}/sc {label}', 'numbers', cmd(s), {'bodies.csv': t.set(2, 'sc', raw).csv()},
            Refused('bodies.csv', line(2), 'sc'), s)
    for col in [c for c in NEEDS[s] if c != 'sc']:   # population: its digits comma-separated, still a valid population
        raw = ','.join(ROOMY[s]) if col == 'population' else '3,4,0'
        add(f'numbers/{s}/{col} {raw}', 'numbers', cmd(s), {'bodies.csv': t.set(2, col, raw).csv()},
            Refused('bodies.csv', line(2), col), s)
    b = base(s)
    groups = [c for c in ('sc', 'st', 'bc') if c in NEEDS[s]]
    pop = int(b.cell(1, 'population'))
    add(f'numbers/{s}/sc+st(+bc) > population', 'numbers', cmd(s),
        {'bodies.csv': b.set(1, 'sc', str(pop - int(b.cell(1, 'st')) + 1)).set(1, 'bc', '0').csv()
         if 'bc' in groups else b.set(1, 'sc', str(pop - int(b.cell(1, 'st')) + 1)).csv()},
        Refused('bodies.csv', line(1)), s)
    add(f'numbers/{s}/population zero', 'numbers', cmd(s),
        {'bodies.csv': _zero(b, 1).csv()},
        Refused('bodies.csv', line(1), 'population'), s)
    # accepted: plain digits, Western and Indian grouping, read as the same numbers
    i = max(range(len(b.rows)), key=lambda k: int(b.cell(k, 'population')))
    p, sc = int(b.cell(i, 'population')), int(b.cell(i, 'sc'))
    add(f'numbers/{s}/western grouping', 'numbers', cmd(s),
        {'bodies.csv': b.set(i, 'population', WESTERN(p)).set(i, 'sc', WESTERN(sc)).csv()}, same_csv(s, b), s)
    add(f'numbers/{s}/indian grouping', 'numbers', cmd(s),
        {'bodies.csv': b.set(i, 'population', indian(p)).set(i, 'sc', indian(sc)).csv()}, same_csv(s, b), s)
    every = b
    for c in [c for c in NEEDS[s] if c != 'nominated']:
        every = every.map(c, lambda v: indian(int(v)))
    add(f'numbers/{s}/indian grouping in every count', 'numbers', cmd(s), {'bodies.csv': every.csv()}, same_csv(s, b), s)
    if s != 'municipal-council':   # a crore: 1,23,45,678 (the council's table stops at 3,00,000)
        big = b.set(i, 'population', '12345678')
        add(f'numbers/{s}/indian grouping of a crore 1,23,45,678', 'numbers', cmd(s),
            {'bodies.csv': big.set(i, 'population', '1,23,45,678').csv()}, same_csv(s, big), s)

# the rows in reverse order: the same allotment, body by body
for s in STATUTES:
    b = base(s)
    add(f'numbers/{s}/rows in reverse order', 'numbers', cmd(s), {'bodies.csv': Table(b.header, b.rows[::-1]).csv()},
        replace(same_csv(s, b), any_order=True), s)

# every count multiplied by 3,000 (still below the 10**10 bound of plausible counts): the proportions, and so the
# categories, are the same; int64 arithmetic would wrap around in the products of two counts (up to 7 x 10**19)
SEAT_COLUMNS = ('body', 'seats', 'SC', 'SC-W', 'ST', 'ST-W', 'BC', 'BC-W', 'W', 'UR')
for s in ('up-mayor-1994', 'up-mayor-2023', 'up-corporation-wards', 'up-palika-parishads-2023', 'up-nagar-panchayats-2023'):
    b = base(s)
    scaled = b
    for c in [c for c in ('population', 'sc', 'st', 'bc', 'women') if c in b.header]:
        scaled = scaled.map(c, lambda v: str(int(v) * 3_000))
    add(f'numbers/{s}/counts near 10**10 (no int64 wrap-around)', 'numbers', cmd(s), {'bodies.csv': scaled.csv()},
        replace(same_csv(s, b), columns=SEAT_COLUMNS if s == 'up-corporation-wards' else ('body', 'category')), s)

# ------------------------------------------------------------------------------------------------ names
NFC_NFD = {
    'latin Agrá': ('Agr\u00e1', 'Agra\u0301'),
    'devanagari क़ (one code point, two)': ('\u0915\u093c\u0938\u094d\u092c\u093e', '\u0958\u0938\u094d\u092c\u093e'),
    'devanagari फ़िरोज़ाबाद': (unicodedata.normalize('NFC', '\u095e\u093f\u0930\u094b\u095b\u093e\u092c\u093e\u0926'),
                               '\u095e\u093f\u0930\u094b\u095b\u093e\u092c\u093e\u0926'),
}
# Each hostile name is made from a plain word (`w`): a body's or a division's name not otherwise in the input.
INVISIBLE = {
    'zero-width space U+200B': lambda w: w[:2] + '\u200b' + w[2:],
    'zero-width non-joiner U+200C': lambda w: w[:2] + '\u200c' + w[2:],
    'zero-width joiner U+200D': lambda w: w[:2] + '\u200d' + w[2:],
    'zero-width no-break space U+FEFF': lambda w: w + '\ufeff',
    'leading U+FEFF': lambda w: '\ufeff' + w,
    'right-to-left override U+202E': lambda w: '\u202e' + w,
    'left-to-right isolate U+2066': lambda w: '\u2066' + w + '\u2069',
    'right-to-left mark U+200F': lambda w: w + '\u200f',
}
CONTROL = {  # name -> (the name, the rows a message may name, of data row 2: a quoted newline spans two lines)
    'newline in a quoted field': (lambda w: w[:2] + '\n' + w[2:], (4, 5)),
    'carriage return inside': (lambda w: w[:2] + '\r' + w[2:], (4, 5)),
    'NUL': (lambda w: w[:2] + '\x00' + w[2:], 4),
    'ESC colour sequence': (lambda w: '\x1b[31m' + w, 4),
    'ESC clear screen': (lambda w: w + '\x1b[2J\x1b[H', 4),
    'forged error line': (lambda w: w + '\nerror: bodies.csv was read correctly', (4, 5)),
    'forged error line after CR LF': (lambda w: w + '\r\nerror: all good', (4, 5)),
    'BEL': (lambda w: w + '\x07', 4),
    'DEL': (lambda w: w + '\x7f', 4),
    'C1 NEL U+0085': (lambda w: w + '\x85', 4),
    'line separator U+2028': (lambda w: w + '\u2028error: forged', 4),
    'backspace over the name': (lambda w: w + '\x08' * len(w) + 'Kanpur', 4),
}
WORD = 'Etawah'   # in none of the bundled examples

for s in STATUTES:
    b = base(s)
    for label, (nfc, nfd) in pick(s, NFC_NFD, ('latin Agrá',)).items():
        add(f'names/{s}/NFC and NFD of one name: {label}', 'names', cmd(s),
            {'bodies.csv': b.set(0, 'body', nfc).set(2, 'body', nfd).csv()}, Refused('bodies.csv', line(2), 'body'), s)
    for label, f in pick(s, INVISIBLE, ('zero-width space U+200B', 'right-to-left override U+202E')).items():
        add(f'names/{s}/differ only by {label}', 'names', cmd(s),
            {'bodies.csv': b.set(0, 'body', WORD).set(2, 'body', f(WORD)).csv()}, Refused('bodies.csv', line(2), 'body'), s)
    for label, (f, rows) in pick(s, CONTROL, ('newline in a quoted field', 'ESC colour sequence', 'forged error line')).items():
        add(f'names/{s}/control character in a name: {label}', 'names', cmd(s),
            {'bodies.csv': b.set(2, 'body', f(WORD)).csv()}, Refused('bodies.csv', rows, 'body'), s)
    add(f'names/{s}/duplicate after trimming', 'names', cmd(s),
        {'bodies.csv': b.set(0, 'body', WORD).set(2, 'body', WORD + ' ').csv()}, Refused('bodies.csv', line(2), 'body'), s)
    add(f'names/{s}/blank name', 'names', cmd(s), {'bodies.csv': b.set(2, 'body', '  ').csv()},
        Refused('bodies.csv', line(2), 'body'), s)
    add(f'names/{s}/leading and trailing spaces trimmed', 'names', cmd(s),
        {'bodies.csv': b.map('body', lambda v: f'  {v} ').csv()}, same_csv(s, b), s)
    for label, header in pick(s, {'ESC': 'sc\x1b[31m', 'NUL': 'sc\x00', 'newline': 's\nc', 'zero-width space': 's\u200bc',
                                  'right-to-left override': '\u202esc', 'doubled BOM': None}, ('ESC',)).items():
        if header is None:
            files = {'bodies.csv': b'\xef\xbb\xbf' + b.with_header(('\ufeff' + b.header[0],) + b.header[1:]).csv()}
        else:
            files = {'bodies.csv': b.with_header([header if h == 'sc' else h for h in b.header]).csv()}
        add(f'names/{s}/control character in a header: {label}', 'names', cmd(s), files, Refused('bodies.csv'), s)

for s in DIVISIONS:
    b = base(s)
    assert b.cell(0, 'division') == b.cell(2, 'division') == 'Uttar'
    add(f'names/{s}/divisions differing only by case', 'names', cmd(s),
        {'bodies.csv': b.set(2, 'division', 'uttar').csv()}, Refused('bodies.csv', line(2), 'division'), s)
    add(f'names/{s}/divisions differing only by case: UTTAR', 'names', cmd(s),
        {'bodies.csv': b.set(2, 'division', 'UTTAR').csv()}, Refused('bodies.csv', line(2), 'division'), s)
    for label, f in pick(s, INVISIBLE, ('zero-width space U+200B',)).items():
        add(f'names/{s}/divisions differing only by {label}', 'names', cmd(s),
            {'bodies.csv': b.set(2, 'division', f('Uttar')).csv()}, Refused('bodies.csv', line(2), 'division'), s)
    for label, (f, rows) in pick(s, CONTROL, ('ESC colour sequence', 'forged error line')).items():
        add(f'names/{s}/control character in a division: {label}', 'names', cmd(s),
            {'bodies.csv': b.set(2, 'division', f('Uttar')).csv()}, Refused('bodies.csv', rows, 'division'), s)
    nfc = b.map('division', lambda v: 'Uttar Prade\u015b' if v == 'Uttar' else v)
    add(f'names/{s}/one division in NFC and NFD', 'names', cmd(s),
        {'bodies.csv': nfc.set(2, 'division', 'Uttar Prades\u0301').csv()},
        RefusedOrSame(Refused('bodies.csv', line(2), 'division'), same_csv(s, nfc)), s)
    add(f'names/{s}/division with spaces trimmed', 'names', cmd(s),
        {'bodies.csv': b.map('division', lambda v: f' {v}  ').csv()}, same_csv(s, b), s)
    add(f'names/{s}/blank division', 'names', cmd(s), {'bodies.csv': b.set(2, 'division', ' ').csv()},
        Refused('bodies.csv', line(2), 'division'), s)

# a previous allotment (mayors only: the chairperson statutes use none) whose names are in another form
_NFD_NAMES = {'Agra': '\u0100gr\u0101', 'Prayagraj': 'Pray\u0101gr\u0101j', 'Mathura-Vrindavan': 'Mathur\u0101-V\u1e5bnd\u0101van',
              'Firozabad': unicodedata.normalize('NFC', '\u095e\u093f\u0930\u094b\u095b\u093e\u092c\u093e\u0926')}


def _renamed(t: Table, form: str) -> Table:
    return t.map('body', lambda v: unicodedata.normalize(form, _NFD_NAMES.get(v, v)))


for s in MAYORS:
    more = ('--previous', 'prev.csv', '--previous-date', '2023-05-04') if s == 'up-mayor-2023' else ('--previous', 'prev.csv')
    b, prev = base(s), Table.bundled(PREVIOUS)
    twin = Same({'bodies.csv': _renamed(b, 'NFC').csv(), 'prev.csv': _renamed(prev, 'NFC').csv()}, cmd(s, 'bodies.csv', *more))
    add(f'names/{s}/previous allotment in NFD, input in NFC', 'names', cmd(s, 'bodies.csv', *more),
        {'bodies.csv': _renamed(b, 'NFC').csv(), 'prev.csv': _renamed(prev, 'NFD').csv()}, twin, s)
    add(f'names/{s}/previous allotment in NFC, input in NFD', 'names', cmd(s, 'bodies.csv', *more),
        {'bodies.csv': _renamed(b, 'NFD').csv(), 'prev.csv': _renamed(prev, 'NFC').csv()}, twin, s)
    k = prev.rows.index(next(r for r in prev.rows if r[0] == 'Agra'))
    add(f'names/{s}/previous allotment: a name with a zero-width space', 'names', cmd(s, 'bodies.csv', *more),
        {'bodies.csv': b.csv(), 'prev.csv': prev.set(k, 'body', 'Ag\u200bra').csv()},
        Refused('prev.csv', line(k), 'body'), s)
    add(f'names/{s}/previous allotment: one name twice, NFC and NFD', 'names', cmd(s, 'bodies.csv', *more),
        {'bodies.csv': _renamed(b, 'NFC').csv(),
         'prev.csv': _renamed(prev, 'NFC').set(k + 1, 'body', unicodedata.normalize('NFD', _NFD_NAMES['Agra'])).csv()},
        Refused('prev.csv', line(k + 1), 'body'), s)
    add(f'names/{s}/previous allotment: ESC in a name', 'names', cmd(s, 'bodies.csv', *more),
        {'bodies.csv': b.csv(), 'prev.csv': prev.set(k, 'body', '\x1b[31mAgra').csv()},
        Refused('prev.csv', line(k), 'body'), s)

# ------------------------------------------------------------------------------------------------ formula injection
FORMULAS = {
    'HYPERLINK': '=HYPERLINK("http://x","y")',
    'plus': '+1',
    'minus': '-1',
    'at SUM': '@SUM(A1)',
    'DDE cmd': "=cmd|' /C calc'!A0",
    'tab then =': '\t=1+2',
    'carriage return then =': '\r=1+2',
}
_FORMULA_OUTPUTS = {
    'up-mayor-2023': ('stdout', 'out.csv', 'out.xlsx'),
    'up-mayor-1994': ('out.csv', 'out.xlsx'),
    'up-corporation-wards': ('stdout', 'out.csv', 'out.xlsx'),
    'up-palika-parishads-2023': ('out.csv', 'out.xlsx'),
    'up-nagar-panchayats-2023': ('out.xlsx',),
    'municipal-council': ('out.csv', 'out.xlsx'),
}


def _out_args(out: str) -> tuple: return () if out == 'stdout' else ('-o', out)


for s, outs in _FORMULA_OUTPUTS.items():
    b = base(s)
    for label, name in pick(s, FORMULAS, ('HYPERLINK', 'minus', 'tab then =')).items():
        for out in outs:
            add(f'formula/{s}/body {label} -> {out}', 'formula', cmd(s, 'bodies.csv', *_out_args(out)),
                {'bodies.csv': b.set(2, 'body', name).csv()}, Safe(Refused('bodies.csv', line(2), 'body'), (name,), (out,)), s)
for s in DIVISIONS:
    b = base(s)
    for label in ('HYPERLINK', 'plus', 'minus', 'at SUM'):
        name = FORMULAS[label]
        t = b.map('division', lambda v: name if v == 'Purva' else v)
        k = next(i for i, r in enumerate(b.rows) if r[b.col('division')] == 'Purva')
        for out in ('out.csv', 'out.xlsx'):
            add(f'formula/{s}/division {label} -> {out}', 'formula', cmd(s, 'bodies.csv', '-o', out),
                {'bodies.csv': t.csv()}, Safe(Refused('bodies.csv', line(k), 'division'), (name,), (out,)), s)
# the user's own extra column (a district) passes through to the table, as bodies.html promises
for s in ('up-mayor-2023', 'up-palika-parishads-2023'):
    b = base(s)
    t = b.add_column('district', ['=1+2' if i == 2 else f'D{i}' for i in range(len(b.rows))])
    for out in ('out.csv', 'out.xlsx'):
        add(f'formula/{s}/extra column district =1+2 -> {out}', 'formula', cmd(s, 'bodies.csv', '-o', out),
            {'bodies.csv': t.csv()}, Safe(Refused('bodies.csv', line(2), 'district'), (), (out,)), s)
# a workbook whose body name is a text cell that begins with '=' (never a formula in the input either)
for out in ('out.csv', 'out.xlsx'):
    b = base('up-mayor-2023')
    add(f'formula/up-mayor-2023/xlsx text cell =HYPERLINK -> {out}', 'formula',
        cmd('up-mayor-2023', 'bodies.xlsx', '-o', out),
        {'bodies.xlsx': b.set(2, 'body', Text(FORMULAS['HYPERLINK'])).xlsx()},
        Safe(Refused('bodies.xlsx', line(2), 'body'), (FORMULAS['HYPERLINK'],), (out,)), 'up-mayor-2023')
# HTML: a name is text, never markup
for label, name in {'script': '<script>alert(1)</script>', 'img onerror': '<img src=x onerror=alert(1)>'}.items():
    add(f'formula/up-mayor-2023/body {label} -> out.html', 'formula', cmd('up-mayor-2023', 'bodies.csv', '-o', 'out.html'),
        {'bodies.csv': base('up-mayor-2023').set(2, 'body', name).csv()},
        Safe(Refused('bodies.csv', line(2), 'body'), (name,), ('out.html',)), 'up-mayor-2023')

# ------------------------------------------------------------------------------------------------ XLSX
ERRORS = ('#DIV/0!', '#N/A', '#VALUE!', '#REF!', '#NAME?')
for s in ('up-mayor-2023', 'up-palika-parishads-2023', 'municipal-council', 'up-corporation-wards'):
    b = base(s)
    t = b.set(2, 'population', ROOMY[s])
    wb = t.xlsx()
    sc = t.col('sc') + 1
    for label, v in pick(s, {'boolean TRUE': True, 'boolean FALSE': False, 'decimal 1.5': 1.5, 'negative -5': -5,
                     'count 10**13': 10 ** 13, 'text 550,0': '550,0', 'text 3,4,0,8,6,9': '3,4,0,8,6,9',
                     'a date (Excel turned 1-2 into one)': datetime.datetime(2023, 1, 2), 'empty cell': None,
                     'formula without a cached value': Formula('=1+1'), 'text NaN': 'NaN'},
                        ('boolean TRUE', 'decimal 1.5', 'text 550,0')).items():
        add(f'xlsx/{s}/sc {label}', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': wb.at(0, line(2), sc, v)},
            Refused('bodies.xlsx', line(2), 'sc'), s)
    for err in pick(s, dict.fromkeys(ERRORS), ('#DIV/0!', '#N/A')):
        add(f'xlsx/{s}/error cell {err} in sc', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': wb.at(0, line(2), sc, err)},
            Refused('bodies.xlsx', line(2), 'sc', (err,)), s)
    add(f'xlsx/{s}/error cell #N/A as a body name', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': wb.at(0, line(2), 1, '#N/A')},
        Refused('bodies.xlsx', line(2), 'body', ('#N/A',)), s)
    add(f'xlsx/{s}/formula as a body name', 'xlsx', cmd(s, 'bodies.xlsx'),
        {'bodies.xlsx': wb.at(0, line(2), 1, Formula('=HYPERLINK("http://x","y")'))}, Refused('bodies.xlsx', line(2), 'body'), s)
    i = max(range(len(b.rows)), key=lambda k: int(b.cell(k, 'population')))
    p = int(b.cell(i, 'population'))
    add(f'xlsx/{s}/population as text with Indian grouping', 'xlsx', cmd(s, 'bodies.xlsx'),
        {'bodies.xlsx': b.xlsx().at(0, line(i), b.col('population') + 1, indian(p))}, same_csv(s, b), s)
    add(f'xlsx/{s}/population as text with Western grouping', 'xlsx', cmd(s, 'bodies.xlsx'),
        {'bodies.xlsx': b.xlsx().at(0, line(i), b.col('population') + 1, WESTERN(p))}, same_csv(s, b), s)
    add(f'xlsx/{s}/population as a whole float', 'xlsx', cmd(s, 'bodies.xlsx'),
        {'bodies.xlsx': b.xlsx().at(0, line(i), b.col('population') + 1, float(p))}, same_csv(s, b), s)
    add(f'xlsx/{s}/clean workbook', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': b.xlsx()}, same_csv(s, b), s)
    # duplicate headers: pandas renames the second `sc` to `sc.1` and the wrong column is used
    for label, second in pick(s, {'sc twice': 'sc', 'SC and sc': 'SC', "'sc ' and sc": 'sc '}, ('sc twice',)).items():
        h = list(b.header) + [second]
        rows = [r + (str(int(int(r[b.col('sc')]) * 0.5)),) for r in b.rows]
        add(f'xlsx/{s}/duplicate header: {label}', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': Table(tuple(h), tuple(rows)).xlsx()},
            Refused('bodies.xlsx', None, 'sc'), s)
        add(f'csv/{s}/duplicate header: {label}', 'csv', cmd(s), {'bodies.csv': Table(tuple(h), tuple(rows)).csv()},
            Refused('bodies.csv', None, 'sc'), s)
    # hidden sheets are never read: the hidden first sheet has other (valid) figures
    other = b.map('sc', lambda v: str(int(v) // 3)).map('body', lambda v: v + ' (old)')
    for state in ('hidden', 'veryHidden'):
        add(f'xlsx/{s}/{state} first sheet, visible second', 'xlsx', cmd(s, 'bodies.xlsx'),
            {'bodies.xlsx': Workbook((('old', other.sheet(), state), ('bodies', b.sheet(), 'visible')))},
            RefusedOrSame(Refused('bodies.xlsx'), same_csv(s, b)), s)
    two = Workbook((('2011', b.sheet(), 'visible'), ('2021', other.sheet(), 'visible')))
    add(f'xlsx/{s}/two visible sheets without --sheet', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': two}, Refused('bodies.xlsx'), s)
    add(f'xlsx/{s}/two visible sheets with --sheet 2021', 'xlsx', cmd(s, 'bodies.xlsx', '--sheet', '2021'), {'bodies.xlsx': two},
        same_csv(s, other), s)
    add(f'xlsx/{s}/--sheet that does not exist', 'xlsx', cmd(s, 'bodies.xlsx', '--sheet', '2031'), {'bodies.xlsx': two},
        Refused('bodies.xlsx', None, None, ('2031',)), s)
    add(f'xlsx/{s}/--sheet naming a hidden sheet', 'xlsx', cmd(s, 'bodies.xlsx', '--sheet', 'old'),
        {'bodies.xlsx': Workbook((('old', other.sheet(), 'hidden'), ('bodies', b.sheet(), 'visible')))},
        Refused('bodies.xlsx', None, None, ('old',)), s)
    # text that pandas would take for a missing value
    for label in pick(s, dict.fromkeys(('NA', 'None', 'null', 'nan', 'N/A', 'NULL', '#N/A text')), ('NA', 'None')):
        name = Text('#N/A') if label == '#N/A text' else label
        t = b.set(2, 'body', name)
        add(f'xlsx/{s}/a body named {label}', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': t.xlsx()},
            same_csv(s, b.set(2, 'body', str(name))), s)
        if label in ('NA', 'None', 'null'):
            add(f'csv/{s}/a body named {label}', 'csv', cmd(s), {'bodies.csv': t.csv()}, same_csv(s, t), s)
    add(f'xlsx/{s}/empty workbook', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': Workbook((('bodies', [], 'visible'),))},
        Refused('bodies.xlsx'), s)
    add(f'xlsx/{s}/header only', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': Workbook((('bodies', [list(b.header)], 'visible'),))},
        Refused('bodies.xlsx'), s)
    add(f'xlsx/{s}/a title row above the header', 'xlsx', cmd(s, 'bodies.xlsx'),
        {'bodies.xlsx': Workbook((('bodies', [['Census 2011']] + b.sheet(), 'visible'),))}, Refused('bodies.xlsx'), s)

for s in DIVISIONS:
    b = base(s)
    for label in ('None', 'NA', 'null'):
        t = b.map('division', lambda v: label if v == 'Purva' else v)
        add(f'xlsx/{s}/a division named {label}', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': t.xlsx()}, same_csv(s, t), s)

# a 10 MB cell: refused before it is loaded (run in a process of its own, memory bounded: see test_hostile)
HUGE_CELL = Case('xlsx/up-mayor-2023/a 10 MB cell', 'xlsx', cmd('up-mayor-2023', 'bodies.xlsx'),
                 {'bodies.xlsx': Huge(base('up-mayor-2023'), 10 * 2 ** 20)}, Refused('bodies.xlsx'), 'up-mayor-2023')
CASES.append(HUGE_CELL)
add('csv/up-mayor-2023/a 10 MB field', 'csv', cmd('up-mayor-2023'),
    {'bodies.csv': Lazy(lambda: base('up-mayor-2023').set(2, 'body', 'A' * (10 * 2 ** 20)).csv())}, Refused('bodies.csv'), 'up-mayor-2023')

for s in ('up-mayor-2023', 'up-palika-parishads-2023'):
    b = base(s)
    for label, content in {'really CSV': b.csv(), 'garbage': bytes(range(256)) * 8, 'empty': b'',
                           'an OLE2 container (old .xls or an encrypted workbook)': b'\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1' + b'\0' * 504,
                           'a zip of something else': None}.items():
        if content is None:
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, 'w') as z: z.writestr('readme.txt', 'not a workbook')
            content = buf.getvalue()
        add(f'xlsx/{s}/a .xlsx that is {label}', 'xlsx', cmd(s, 'bodies.xlsx'), {'bodies.xlsx': content}, Refused('bodies.xlsx'), s)


def damaged(book: 'Workbook', part: str | None = None, twice: str | None = None) -> bytes:
    """A workbook's parts stored again (uncompressed): one byte of `part` changed after its checksum was taken (it does
    not unpack), or `twice` written twice, the second time with Agra named Agro (which one would a program show?)."""
    import tempfile, warnings
    with tempfile.TemporaryDirectory() as tmp:
        book.write(Path(tmp) / 'b.xlsx')
        xlsx = (Path(tmp) / 'b.xlsx').read_bytes()
    with zipfile.ZipFile(io.BytesIO(xlsx)) as z: parts = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')                              # zipfile warns of a name written twice
        with zipfile.ZipFile(buf, 'w', zipfile.ZIP_STORED) as z:
            for n, d in parts:
                z.writestr(n, d)
                if n == twice: z.writestr(n, d.replace(b'Agra', b'Agro'))
    data = buf.getvalue()
    if part:
        with zipfile.ZipFile(io.BytesIO(data)) as z: i = z.getinfo(part)
        at = i.header_offset + 30 + len(i.filename.encode()) + len(i.extra) + 40     # inside the part's stored bytes
        data = data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1:]
    return data


# a damaged workbook (found by fuzzing: a part whose checksum fails was an internal error) and one holding a part twice
_m23 = base('up-mayor-2023')
for label, edit in {'its workbook part does not unpack': dict(part='xl/workbook.xml'),
                    'its sheet does not unpack': dict(part='xl/worksheets/sheet1.xml'),
                    'its styles do not unpack': dict(part='xl/styles.xml'),
                    'it holds its sheet twice': dict(twice='xl/worksheets/sheet1.xml')}.items():
    add(f'xlsx/up-mayor-2023/a .xlsx where {label}', 'xlsx', cmd('up-mayor-2023', 'bodies.xlsx'),
        {'bodies.xlsx': Lazy(lambda edit=edit: damaged(_m23.xlsx(), **edit))},
        Refused('bodies.xlsx', says=('damaged',) if label in ('its workbook part does not unpack', 'it holds its sheet twice') else ()),
        'up-mayor-2023')

# refusals found by fuzzing to name no file: an input column that is a column of the output; no BC column, and no BC
# figures that could give the published list's BC offices (here: one corporation all SC)
add('csv/up-mayor-2023/a column named as a column of the output', 'csv', cmd('up-mayor-2023'),
    {'bodies.csv': _m23.add_column('clause', ['x'] * len(_m23.rows)).csv()}, Refused('bodies.csv', column='clause'), 'up-mayor-2023')
_m94 = base('up-mayor-1994')
_no_bc = Table(tuple(h for h in _m94.header if h != 'bc'), tuple(tuple(v for h, v in zip(_m94.header, r) if h != 'bc') for r in _m94.rows))
add('csv/up-mayor-1994/check: no BC column, and no BC figures can give the published list', 'csv',
    ('check', 'up-mayor-1994', 'bodies.csv', 'pub.csv'),
    {'bodies.csv': _no_bc.set(0, 'sc', _no_bc.cell(0, 'population')).set(0, 'st', '0').csv(), 'full.csv': _m94.csv()},
    Refused('bodies.csv', column='bc', says=('no BC figures can give',)), 'up-mayor-1994',
    before=(cmd('up-mayor-1994', 'full.csv', '-o', 'pub.csv'),))

# the tool's own .xlsx output, back as --previous (as its own .csv output is)
for s in MAYORS:
    more = ('--previous-date', '2023-05-04') if s == 'up-mayor-2023' else ()
    b = base(s)
    add(f'xlsx/{s}/own .xlsx output as --previous', 'xlsx', cmd(s, 'bodies.csv', '--previous', 'prev.xlsx', *more),
        {'bodies.csv': b.csv()},
        Same({'bodies.csv': b.csv()}, cmd(s, 'bodies.csv', '--previous', 'prev.csv', *more), before=(cmd(s, 'bodies.csv', '-o', 'prev.csv'),)),
        s, before=(cmd(s, 'bodies.csv', '-o', 'prev.xlsx'),))
    if s == 'up-mayor-2023':   # the output of a run that had a previous allotment (a column `previous`, some cells empty)
        add(f'xlsx/{s}/own .xlsx output of a rotation as --previous', 'xlsx', cmd(s, 'bodies.csv', '--previous', 'prev2.xlsx', *more),
            {'bodies.csv': b.csv()},
            Same({'bodies.csv': b.csv()}, cmd(s, 'bodies.csv', '--previous', 'prev2.csv', *more),
                 before=(cmd(s, 'bodies.csv', '-o', 'prev.csv'), cmd(s, 'bodies.csv', '--previous', 'prev.csv', *more, '-o', 'prev2.csv'))),
            s, before=(cmd(s, 'bodies.csv', '-o', 'prev.xlsx'), cmd(s, 'bodies.csv', '--previous', 'prev.xlsx', *more, '-o', 'prev2.xlsx')))
    add(f'xlsx/{s}/previous allotment as a workbook', 'xlsx', cmd(s, 'bodies.csv', '--previous', 'prev.xlsx', *more),
        {'bodies.csv': b.csv(), 'prev.xlsx': Table.bundled(PREVIOUS).xlsx(title='allotment')},
        Same({'bodies.csv': b.csv(), 'prev.csv': Table.bundled(PREVIOUS).csv()}, cmd(s, 'bodies.csv', '--previous', 'prev.csv', *more)), s)

# ------------------------------------------------------------------------------------------------ CSV
CSV_FEW = ('Latin-1', 'UTF-16 with BOM', 'UTF-8 BOM', 'an extra field on a row', 'a missing field on a row', 'empty file',
           'header only', 'a binary file (PNG)')   # for the statutes other than up-mayor-2023
for s in ('up-mayor-2023', 'up-palika-parishads-2023', 'municipal-council'):
    b = base(s)
    named = b.set(0, 'body', 'Agr\u00e1').set(1, 'body', 'Mu\u00f1oz')
    text = b.text().splitlines()
    few = {}
    for label, enc in {'Latin-1': 'latin-1', 'Windows-1252': 'cp1252', 'UTF-16 with BOM': 'utf-16',
                       'UTF-16-LE with BOM': 'utf-16-le', 'UTF-16-BE with BOM': 'utf-16-be'}.items():
        data = named.csv(enc)
        if enc in ('utf-16-le', 'utf-16-be'): data = '\ufeff'.encode(enc) + data
        few[label] = ({'bodies.csv': data}, RefusedOrSame(Refused('bodies.csv'), same_csv(s, named)))
    few.update({
        'UTF-16-LE without BOM': ({'bodies.csv': named.csv('utf-16-le')}, Refused('bodies.csv')),
        'UTF-8 BOM': ({'bodies.csv': b'\xef\xbb\xbf' + named.csv()}, same_csv(s, named)),
        'CRLF line ends': ({'bodies.csv': named.csv(newline='\r\n')}, same_csv(s, named)),
        'blank lines between rows': ({'bodies.csv': named.text().replace('\n', '\n\n').encode()}, same_csv(s, named)),
        'header in capitals': ({'bodies.csv': named.with_header([h.upper() for h in b.header]).csv()}, same_csv(s, named)),
        'an extra field on a row': ({'bodies.csv': '\n'.join(text[:3] + [text[3] + ',7'] + text[4:]).encode() + b'\n'},
                                    Refused('bodies.csv', 4)),
        'a missing field on a row': ({'bodies.csv': '\n'.join(text[:3] + [text[3].rsplit(',', 1)[0]] + text[4:]).encode() + b'\n'},
                                     Refused('bodies.csv', 4)),
        'an unquoted name with a comma': (
            {'bodies.csv': '\n'.join(text[:3] + ['Mathura, Vrindavan,' + text[3].split(',', 1)[1]] + text[4:]).encode() + b'\n'},
            Refused('bodies.csv', 4)),
        'an unterminated quote': (
            {'bodies.csv': '\n'.join(text[:3] + ['"Mathura' + text[3][text[3].index(','):]] + text[4:]).encode() + b'\n'},
            Refused('bodies.csv')),
        'empty file': ({'bodies.csv': b''}, Refused('bodies.csv')),
        'blank lines only': ({'bodies.csv': b'\n\n  \n'}, Refused('bodies.csv')),
        'header only': ({'bodies.csv': (text[0] + '\n').encode()}, Refused('bodies.csv')),
        'semicolons (a European Excel)': ({'bodies.csv': b.text().replace(',', ';').encode()}, Refused('bodies.csv')),
        'tabs': ({'bodies.csv': b.text().replace(',', '\t').encode()}, Refused('bodies.csv')),
        'a binary file (PNG)': ({'bodies.csv': b'\x89PNG\r\n\x1a\n' + bytes(range(256)) * 4}, Refused('bodies.csv')),
        'a workbook named .csv': ({'bodies.csv': b.xlsx()}, Refused('bodies.csv')),
        'NUL bytes (UTF-16 read as bytes)': ({'bodies.csv': b.text().replace(',', ',\0').encode()}, Refused('bodies.csv')),
        'a missing column': ({'bodies.csv': Table(tuple(h for h in b.header if h != 'sc'),
                                                  tuple(tuple(v for h, v in zip(b.header, r) if h != 'sc') for r in b.rows)).csv()},
                             Refused('bodies.csv', None, 'sc')),
    })
    for label, (files, expect) in few.items():
        if s == 'up-mayor-2023' or label in CSV_FEW:
            add(f'csv/{s}/{label}', 'csv', cmd(s), files, expect, s)

# ------------------------------------------------------------------------------------------------ environment (files)
E = 'up-mayor-2023'
_good = base(E).csv()
add('environment/input that does not exist', 'environment', cmd(E, 'absent.csv'), {}, Refused('absent.csv'), E)
add('environment/input that does not exist (.xlsx)', 'environment', cmd(E, 'absent.xlsx'), {}, Refused('absent.xlsx'), E)
add('environment/input that is a folder', 'environment', cmd(E, 'bodies.csv'), {'bodies.csv': DIR}, Refused('bodies.csv'), E)
add('environment/input that is a folder (.xlsx)', 'environment', cmd(E, 'bodies.xlsx'), {'bodies.xlsx': DIR}, Refused('bodies.xlsx'), E)
add('environment/unreadable input (chmod 000)', 'environment', cmd(E), {'bodies.csv': Mode(_good, 0o000)}, Refused('bodies.csv'), E,
    root_skip='root reads a file of mode 000')
add('environment/unreadable input (chmod 000, .xlsx)', 'environment', cmd(E, 'bodies.xlsx'),
    {'bodies.xlsx': Mode(b'', 0o000)}, Refused('bodies.xlsx'), E, root_skip='root reads a file of mode 000')
add('environment/input /dev/null', 'environment', cmd(E, '/dev/null'), {}, Refused('/dev/null'), E)
add('environment/previous allotment that does not exist', 'environment', cmd(E, 'bodies.csv', '--previous', 'prev.csv'),
    {'bodies.csv': _good}, Refused('prev.csv'), E)
add('environment/output into a missing folder', 'environment', cmd(E, 'bodies.csv', '-o', 'nowhere/out.csv'),
    {'bodies.csv': _good}, Refused('nowhere/out.csv'), E)
add('environment/output into a missing folder (.xlsx)', 'environment', cmd(E, 'bodies.csv', '-o', 'nowhere/out.xlsx'),
    {'bodies.csv': _good}, Refused('nowhere/out.xlsx'), E)
add('environment/output to a read-only file', 'environment', cmd(E, 'bodies.csv', '-o', 'out.csv'),
    {'bodies.csv': _good, 'out.csv': Mode(b'an earlier allotment\n', 0o444)}, Refused('out.csv'), E)
add('environment/output to a read-only file (.xlsx)', 'environment', cmd(E, 'bodies.csv', '-o', 'out.xlsx'),
    {'bodies.csv': _good, 'out.xlsx': Mode(b'an earlier allotment\n', 0o444)}, Refused('out.xlsx'), E)
add('environment/output into a read-only folder', 'environment', cmd(E, 'bodies.csv', '-o', 'locked/out.csv'),
    {'bodies.csv': _good, 'locked': Mode(DIR, 0o555)}, Refused('locked/out.csv'), E, root_skip='root writes into a folder of mode 555')
add('environment/output that is a folder', 'environment', cmd(E, 'bodies.csv', '-o', 'dir.csv'),
    {'bodies.csv': _good, 'dir.csv': DIR}, Refused('dir.csv'), E)
add('environment/output with an unknown extension', 'environment', cmd(E, 'bodies.csv', '-o', 'out.txt'),
    {'bodies.csv': _good}, Refused('out.txt'), E)
add('environment/output equal to the input', 'environment', cmd(E, 'bodies.csv', '-o', 'bodies.csv'),
    {'bodies.csv': _good}, Refused('bodies.csv'), E)
add('environment/output equal to the input, spelt ./', 'environment', cmd(E, 'bodies.csv', '-o', './bodies.csv'),
    {'bodies.csv': _good}, Refused('bodies.csv'), E)
add('environment/output equal to the input, through ..', 'environment', cmd(E, 'bodies.csv', '-o', 'sub/../bodies.csv'),
    {'bodies.csv': _good, 'sub': DIR}, Refused('bodies.csv'), E)
add('environment/output a symbolic link to the input', 'environment', cmd(E, 'bodies.csv', '-o', 'link.csv'),
    {'bodies.csv': _good}, Refused('link.csv'), E, links=(('link.csv', 'bodies.csv'),))
add('environment/output equal to the previous allotment', 'environment', cmd(E, 'bodies.csv', '--previous', 'prev.csv', '-o', 'prev.csv'),
    {'bodies.csv': _good, 'prev.csv': Table.bundled(PREVIOUS).csv()}, Refused('prev.csv'), E)

# ------------------------------------------------------------------------------------------------ round 3 (issue #19)
_ROUND3 = len(CASES)

@dataclass(frozen=True)
class Patched:
    "A workbook written by openpyxl, then some of its XML parts edited: {part: ((regex, replacement), ...)}."
    workbook: object
    edits: tuple

    def write(self, path: Path) -> None:
        import re as _re
        self.workbook.write(path)
        with zipfile.ZipFile(path) as z: parts = {i.filename: z.read(i.filename) for i in z.infolist()}
        for part, subs in self.edits:
            text = parts[part].decode('utf-8')
            for pattern, repl in subs:
                text, n = _re.subn(pattern, repl, text)
                assert n, f'{pattern!r} not in {part}'
            parts[part] = text.encode('utf-8')
        with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
            for name, data in parts.items(): z.writestr(name, data)


@dataclass(frozen=True)
class Sparse:
    "A file of `size` bytes that takes no room on the disk (a hole): too large to read."
    size: int

    def write(self, path: Path) -> None:
        with open(path, 'wb') as f: f.truncate(self.size)


@dataclass(frozen=True)
class Accepted:
    "Exit status 0, no internal error, each of `outputs` written, `says` on stdout or stderr."
    outputs: tuple = ()
    says: tuple = ()


SHEET1 = 'xl/worksheets/sheet1.xml'
M = 'up-mayor-2023'
b = base(M)
sc_col = 'ABCDEFGHIJ'[b.col('sc')]
# the XLSX read short: a <dimension> that understates the sheet (Excel ignores it; openpyxl's read-only mode obeys it)
for label, ref in {'A1': 'A1', 'a stale range A1:E9': 'A1:E9', 'a range of the header only': 'A1:E1'}.items():
    add(f'xlsx/{M}/dimension element {label}', 'xlsx', cmd(M, 'bodies.xlsx'),
        {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<dimension ref="[^"]*"', f'<dimension ref="{ref}"'),)),))},
        same_csv(M, b), M)
add(f'xlsx/{M}/no dimension element', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<dimension ref="[^"]*"\s*/>', ''),)),))}, same_csv(M, b), M)
# which sheet: sheets named like the program's own output; never guessed for the bodies
stale = b.map('sc', lambda v: str(int(v) // 2))
own_like = Workbook((('allotment', stale.sheet(), 'visible'), ('provenance', [['item', 'value'], ['Produced by', 'x']], 'visible'),
                     ('bodies', b.sheet(), 'visible')))
add(f'xlsx/{M}/sheets named allotment, provenance, bodies, no --sheet', 'xlsx', cmd(M, 'bodies.xlsx'), {'bodies.xlsx': own_like},
    Refused('bodies.xlsx', None, None, ("'allotment'", "'bodies'", '--sheet')), M)
add(f'xlsx/{M}/sheets named allotment, provenance, bodies, --sheet bodies', 'xlsx', cmd(M, 'bodies.xlsx', '--sheet', 'bodies'),
    {'bodies.xlsx': own_like}, same_csv(M, b), M)
add(f'xlsx/{M}/previous allotment: a workbook of two sheets', 'xlsx', cmd(M, 'bodies.csv', '--previous', 'prev.xlsx'),
    {'bodies.csv': b.csv(), 'prev.xlsx': Workbook((('2017', Table.bundled(PREVIOUS).sheet(), 'visible'),
                                                   ('2023', Table.bundled(PREVIOUS).sheet(), 'visible')))},
    Refused('prev.xlsx', None, None, ('--sheet chooses the sheet of the bodies only', "'2017'")), M)
# the tool's own workbook as --previous, its sheet `record` not the JSON the tool writes there: refused, naming the sheet
# (a record nested 20,000 deep was an internal error, RecursionError: the sheet's JSON is now read as a JSON file is)
for label, text in {'nested 20,000 deep': '[' * 20_000 + ']' * 20_000, 'not JSON': '{"rotation": ', 'a key twice': '{"a": 1, "a": 2}'}.items():
    add(f'xlsx/{M}/previous allotment: its record sheet {label}', 'xlsx', cmd(M, 'bodies.csv', '--previous', 'prev.xlsx'),
        {'bodies.csv': b.csv(), 'prev.xlsx': Workbook((('allotment', Table.bundled(PREVIOUS).sheet(), 'visible'),
                                                       ('provenance', (('field', 'value'), ('statute', M)), 'visible'),
                                                       ('record', (('record',), (Text(text),)), 'visible')))},
        Refused('prev.xlsx', None, None, ("sheet 'record'",)), M)
# found by a hostile-input hunt: a shared string -1 (read as the last string), a cell of no type a workbook has (read as a
# number), a hidden-column range past Excel's last column (every number of it held in memory)
add(f'xlsx/{M}/a body naming shared string -1', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<c r="A2" t="inlineStr"><is><t>[^<]*</t></is></c>', '<c r="A2" t="s"><v>-1</v></c>'),)),))},
    Refused('bodies.xlsx', 2, 'body', ('shared string',)), M)
add(f'xlsx/{M}/a count cell of type t="x"', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<c r="C3"( t="n")?', '<c r="C3" t="x"'),)),))}, Refused('bodies.xlsx', 3, None, ('t="x"',)), M)
add(f'xlsx/{M}/columns hidden up to 99,999,999,999', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<sheetData', '<cols><col min="1" max="99999999999" width="0"/></cols><sheetData'),)),))},
    Refused('bodies.xlsx', None, 'body', ('hidden',)), M)
# a header of 40,000 characters: the message quotes its start and its length, not all of it
add(f'csv/{M}/a column name of 40,000 characters', 'csv', cmd(M, 'bodies.csv'),
    {'bodies.csv': Table(b.header + ('h' * 40_000,), tuple(r + ('ok',) for r in b.rows)).csv()}, Refused('bodies.csv', 1, None, ('(40,000 characters)',)), M)
# an empty column-A cell: a blank body; a table that starts at B2; a merged body cell
blank_a = Workbook((('bodies', b.sheet(), 'visible'),)).at(0, line(3), 1, None)
add(f'xlsx/{M}/empty column-A cell (a blank body)', 'xlsx', cmd(M, 'bodies.xlsx'), {'bodies.xlsx': blank_a}, Refused('bodies.xlsx', line(3), 'body'), M)
add(f'xlsx/{M}/empty first column-A cell of a data row, name in B', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Workbook((('bodies', [list(b.header)] + [[None] + r[1:] if i == 0 else r for i, r in enumerate(b.sheet()[1:])], 'visible'),))},
    Refused('bodies.xlsx', line(0), 'body'), M)
add(f'xlsx/{M}/a table that starts at B2', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Workbook((('bodies', [[]] + [[None] + r for r in b.sheet()], 'visible'),))}, same_csv(M, b), M)
add(f'xlsx/{M}/dimension element larger than the sheet (A1:Z100000)', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<dimension ref="[^"]*"', '<dimension ref="A1:Z100000"'),)),))}, same_csv(M, b), M)
# what is read must be what is seen: a hidden row (by hand, or by a filter) or a hidden column of the table
add(f'xlsx/{M}/a hidden row', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<row r="6"', '<row r="6" hidden="1"'),)),))}, Refused('bodies.xlsx', 6, None, ('hidden',)), M)
add(f'xlsx/{M}/a hidden column', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<sheetData', '<cols><col min="3" max="3" width="9" hidden="1"/></cols><sheetData'),)),))},
    Refused('bodies.xlsx', None, b.header[2], ('hidden',)), M)
add(f'xlsx/{M}/a hidden column outside the table (allowed)', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<sheetData', '<cols><col min="9" max="12" width="9" hidden="1"/></cols><sheetData'),)),))},
    same_csv(M, b), M)
# a totals row copied with the table
for label, name in {'Total': 'Total', 'TOTAL:': 'TOTAL:', 'कुल': 'कुल', 'Grand Total': 'Grand Total'}.items():
    tot = Table(b.header, b.rows + ((name,) + tuple(str(sum(int(r[j]) for r in b.rows)) for j in range(1, len(b.header))),))
    add(f'csv/{M}/a totals row named {label}', 'csv', cmd(M), {'bodies.csv': tot.csv()}, Refused('bodies.csv', line(len(b.rows)), 'body', ('totals',)), M)
add(f'xlsx/{M}/a totals row', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Table(b.header, b.rows + (('Total',) + tuple(str(sum(int(r[j]) for r in b.rows)) for j in range(1, len(b.header))),)).xlsx()},
    Refused('bodies.xlsx', line(len(b.rows)), 'body', ('totals',)), M)
# a number cell whose XML holds what no number is (`2O0`, a letter O): named by its row and column, not "cannot be read"
add(f'xlsx/{M}/a number cell holding 2O0 in its XML', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((rf'(<c r="{sc_col}5"[^>]*>)<v>[0-9]+</v>', r'\1<v>2O0</v>'),)),))},
    Refused('bodies.xlsx', 5, 'sc', ('cell ' + sc_col + '5', '2O0')), M)
for label, raw in {'३७०४२३ (Devanagari digits, which Python\'s int() reads)': '३७०४२३', '370_423': '370_423', '３７０': '３７０'}.items():
    add(f'xlsx/{M}/a number cell holding {label} in its XML', 'xlsx', cmd(M, 'bodies.xlsx'),
        {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((rf'(<c r="{sc_col}5"[^>]*>)<v>[0-9]+</v>', rf'\1<v>{raw}</v>'),)),))},
        Refused('bodies.xlsx', 5, 'sc', ('cell ' + sc_col + '5', 'not a number')), M)
# a cell whose reference names another row than the row it lies in (openpyxl reads it into the row it lies in)
add(f'xlsx/{M}/a cell whose reference names another row', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((rf'<c r="{sc_col}5"', f'<c r="{sc_col}9"'),)),))},
    Refused('bodies.xlsx', 9, 'sc', ('lies inside row 5',)), M)
# a cell given twice in a sheet's XML (openpyxl keeps the last): which value is meant is not known
add(f'xlsx/{M}/a cell given twice in the sheet', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((rf'(<c r="{sc_col}5"[^>]*><v>[0-9]+</v></c>)', r'\1<c r="' + sc_col + r'5"><v>1</v></c>'),)),))},
    Refused('bodies.xlsx', 5, 'sc', ('given twice',)), M)
# stale formula values, a formula without a saved value, boolean and date cells as names
formula = Patched(b.xlsx(), ((SHEET1, ((rf'(<c r="{sc_col}5"[^>]*>)(<v>)', r'\1<f>1+1</f>\2'),)),))
add(f'xlsx/{M}/a formula whose value may be stale (fullCalcOnLoad)', 'xlsx', cmd(M, 'bodies.xlsx'), {'bodies.xlsx': formula},
    Refused('bodies.xlsx', 5, 'sc', ('fullCalcOnLoad',)), M)
add(f'xlsx/{M}/a formula with a saved value, no recalculation asked', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((rf'(<c r="{sc_col}5"[^>]*>)(<v>)', r'\1<f>1+1</f>\2'),)),
                                       ('xl/workbook.xml', ((r'\s*fullCalcOnLoad="1"', ''),)))), }, same_csv(M, b), M)
add(f'xlsx/{M}/a formula without a saved value', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': b.xlsx().at(0, line(2), b.col('sc') + 1, Formula('=1+1'))}, Refused('bodies.xlsx', line(2), 'sc', ('not saved',)), M)
for label, v in {'TRUE': True, 'FALSE': False, 'a date': datetime.datetime(2023, 5, 4), 'a number 101': 101,
                 'a number 0.1+0.2': 0.1 + 0.2}.items():
    add(f'xlsx/{M}/a {label} cell as a body name', 'xlsx', cmd(M, 'bodies.xlsx'),
        {'bodies.xlsx': b.xlsx().at(0, line(2), 1, v)}, Refused('bodies.xlsx', line(2), 'body'), M)
# files that are workbooks of another kind, or protected
for label, (name, content, says) in {
        'a password-protected workbook (OLE2)': ('bodies.xlsx', b'\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1' + b'\0' * 1024, 'password'),
        'an .ods': ('bodies.ods', None, '.ods'), 'an .xlsb': ('bodies.xlsb', b'PK\x03\x04' + b'\0' * 100, '.xlsb'),
        'a workbook named .csv': ('bodies.csv', 'xlsx', '.xlsx'), 'an OpenDocument file named .csv': ('bodies.csv', 'ods', 'OpenDocument')}.items():
    if content is None or content == 'ods':
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, 'w') as z: z.writestr('mimetype', 'application/vnd.oasis.opendocument.spreadsheet'); z.writestr('content.xml', '<x/>')
        content = buf.getvalue()
    files = {name: b.xlsx() if content == 'xlsx' else content}
    add(f'xlsx/{M}/{label}', 'xlsx', cmd(M, name), files, Refused(name, None, None, (says,)), M)
# control characters in counts (refused in names already)
for label, raw in {'unit separator U+001F': '370423\x1f', 'vertical tab': '370423\x0b', 'file separator U+001C': '\x1c370423',
                   'a no-break space inside': '370\xa0423', 'a zero-width space': '370423\u200b'}.items():
    add(f'numbers/{M}/sc with {label}', 'numbers', cmd(M), {'bodies.csv': b.set(2, 'sc', raw).csv()}, Refused('bodies.csv', line(2), 'sc'), M)
# a text longer than an Excel cell, in a column that passes through to the output
add(f'csv/{M}/a pass-through text of 40,000 characters', 'csv', cmd(M, 'bodies.csv', '-o', 'out.xlsx'),
    {'bodies.csv': b.add_column('note', ['x' * 40_000 if i == 3 else 'ok' for i in range(len(b.rows))]).csv()},
    Refused('bodies.csv', line(3), 'note', ('32,767',)), M)
add(f'csv/{M}/a pass-through text of 32,767 characters', 'csv', cmd(M),
    {'bodies.csv': b.add_column('note', ['x' * 32_767 if i == 3 else 'ok' for i in range(len(b.rows))]).csv()},
    replace(same_csv(M, b.add_column('note', ['x' * 32_767 if i == 3 else 'ok' for i in range(len(b.rows))])), columns=('body', 'category')), M)
# a control character in a pass-through text: an escape sequence would act on the terminal the CSV is printed to; a tab
# and a line break (a cell of two lines, Alt+Enter in Excel) are text
for label, raw in {'ESC [2J (clear the screen)': '\x1b[2Jok', 'BEL': 'ok\x07', 'C1 CSI U+009B': '\x9b31mok', 'DEL': 'o\x7fk',
                   'a lone CR, then a formula (a new row to a CSV reader)': "ok\r=cmd|' /C calc'!A0", 'CR LF': 'two\r\nlines'}.items():
    add(f'csv/{M}/a pass-through text with {label}', 'csv', cmd(M),
        {'bodies.csv': b.add_column('note', [raw if i == 4 else 'ok' for i in range(len(b.rows))]).csv()},
        Refused('bodies.csv', line(4), 'note', ('control character',)), M)
two_lines = b.add_column('note', ['two\nlines\tand a tab' if i == 4 else 'ok' for i in range(len(b.rows))])
add(f'xlsx/{M}/a pass-through cell holding _x000D_ (a CR, decoded as Excel does)', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': b.add_column('note', ["ok_x000D_=1+1" if i == 4 else 'ok' for i in range(len(b.rows))]).xlsx()},
    Refused('bodies.xlsx', line(4), 'note', ('control character', 'U+000D')), M)
add(f'csv/{M}/a pass-through text of two lines and a tab (allowed)', 'csv', cmd(M), {'bodies.csv': two_lines.csv()},
    replace(same_csv(M, two_lines), columns=('body', 'category')), M)
# look-alike names (UTS #39): a second row of the same figures under a name with a Cyrillic or Greek letter, or an invisible one
agra = b.cell(0, 'body')                                 # 'Agra'
twin_row = lambda t, name: Table(t.header, t.rows + ((name,) + t.rows[0][1:],))
LOOK_ALIKES = {   # each made from the name of the table's first body (`w`), added as a second row with its figures
    'Cyrillic а': lambda w: w.replace('a', '\u0430', 1) if 'a' in w else '\u0430' + w,
    'Cyrillic А': lambda w: '\u0410' + w[1:] if w[0] == 'A' else w + '\u0410',
    'Greek ο': lambda w: w.replace('o', '\u03bf', 1) if 'o' in w else w + '\u03bf',
    'combining grapheme joiner U+034F': lambda w: w[:2] + '\u034f' + w[2:],
    'variation selector U+FE0F': lambda w: w + '\ufe0f',
    'Hangul filler U+3164': lambda w: w + '\u3164',
    'blank Braille pattern U+2800 (prints as a space)': lambda w: w[:2] + '\u2800' + w[2:],
    'Khitan small script filler U+16FE4': lambda w: w + '\U00016fe4',
    'fullwidth first letter': lambda w: chr(ord(w[0]) + 0xfee0) + w[1:],
}
for s in STATUTES:
    t = base(s)
    first = t.cell(0, 'body')
    for label, f in pick(s, LOOK_ALIKES, ('Cyrillic а', 'combining grapheme joiner U+034F')).items():
        add(f'names/{s}/a look-alike of another name: {label}', 'names', cmd(s), {'bodies.csv': twin_row(t, f(first)).csv()},
            Refused('bodies.csv', line(len(t.rows)), 'body'), s)
    add(f'names/{s}/Latin and Devanagari in one name (allowed)', 'names', cmd(s),
        {'bodies.csv': t.set(0, 'body', first + ' (आगरा)').csv()}, same_csv(s, t.set(0, 'body', first + ' (आगरा)')), s)
add(f'names/{M}/Devanagari: ओ and अ + ा + े (one look, two spellings)', 'names', cmd(M),
    {'bodies.csv': b.set(0, 'body', 'ओबरा').set(1, 'body', 'अाेबरा').csv()}, Refused('bodies.csv', line(1), 'body', ('says not to use', 'type आ')), M)
# a vowel letter spelled as Unicode says not to (Table 12-1): it looks like the letter, and another file may have the letter
for label, name, letter in (('ओ as अ + ो', 'अोबरा', 'ओ'), ('ऊ as उ + ु', 'उुंचाहार', 'ऊ'), ('ई as र + ् + इ', 'र्इसानगर', 'ई'),
                            ('ऐ as ए + े', 'एेरा', 'ऐ')):
    add(f'names/{M}/Devanagari: {label}, alone', 'names', cmd(M), {'bodies.csv': b.set(3, 'body', name).csv()},
        Refused('bodies.csv', line(3), 'body', ('says not to use', f'type {letter}')), M)
add(f'names/{M}/a name in Cyrillic and Latin, alone', 'names', cmd(M),
    {'bodies.csv': b.set(4, 'body', 'K\u0430npur Dehat').csv()}, Refused('bodies.csv', line(4), 'body', ('Cyrillic',)), M)
for s in DIVISIONS:
    t = base(s)
    add(f'names/{s}/a Cyrillic letter in a division name', 'names', cmd(s),
        {'bodies.csv': t.set(2, 'division', 'Utt\u0430r').csv()}, Refused('bodies.csv', line(2), 'division'), s)
    add(f'names/{s}/a division look-alike: Latin o and Greek ο', 'names', cmd(s),
        {'bodies.csv': t.map('division', lambda v: 'Poorva' if v == 'Purva' else v).set(next(i for i, r in enumerate(t.rows) if r[t.col('division')] == 'Purva'), 'division', 'P\u03bf\u03bfrva').csv()},
        Refused('bodies.csv', None, 'division'), s)
# outputs: write all or none; the inputs never overwritten (order included)
add(f'environment/rotate: -o and a --picture into a missing folder: nothing written', 'environment',
    ('rotate', M, 'bodies.csv', '--elections', '2', '-o', 'chain.csv', '--picture', 'missing/chain.png'),
    {'bodies.csv': b.csv()}, Refused('missing/chain.png'), M)
add(f'environment/order -o its bodies file', 'environment', ('order', M, 'bodies.html', '--draft', '--date', '2023-03-30', '-o', 'bodies.html'),
    {'bodies.html': b.csv()}, Refused('bodies.html'), M)
add(f'environment/order -o its --allotment list', 'environment',
    ('order', M, 'bodies.csv', '--final', '--date', '2023-04-05', '--allotment', 'list.html', '-o', 'list.html'),
    {'bodies.csv': b.csv(), 'list.html': Table.bundled(PREVIOUS).csv()}, Refused('list.html'), M)
add(f'environment/an input name too long for the system', 'environment', cmd(M, 'x' * 300 + '.csv'), {}, Refused('x' * 300, None, None, ('too long',)), M)
add(f'environment/a published list name too long for the system, with -o', 'environment', ('check', M, 'bodies.csv', 'y' * 300 + '.csv', '-o', 'c.json'),
    {'bodies.csv': b.csv()}, Refused('y' * 300, None, None, ('too long',)), M)
add(f'environment/a previous allotment name too long for the system, rotate -o', 'environment',
    ('rotate', M, 'bodies.csv', '--elections', '2', '--previous', 'z' * 300 + '.csv', '-o', 'c.csv'),
    {'bodies.csv': b.csv()}, Refused('z' * 300, None, None, ('too long',)), M)
# order: the dates every other command reads, and --allotment with a table of names only
for label, d in {'ISO week 2023-W13-4': '2023-W13-4', 'basic 20230330': '20230330', 'ordinal 2023-089': '2023-089'}.items():
    add(f'options/order --date {label}', 'options', ('order', M, 'bodies.csv', '--draft', '--date', d, '-o', 'o.html'),
        {'bodies.csv': b.csv()}, Refused(None, None, None, ('YYYY-MM-DD',)), M)
names_only = Table(('body',), tuple((r[0],) for r in b.rows))
add(f'options/order --allotment with a bodies file of names only', 'options',
    ('order', M, 'names.csv', '--final', '--date', '2023-04-09', '--draft-date', '2023-03-30', '--allotment', 'list.csv', '-o', 'o.html'),
    {'names.csv': names_only.csv(), 'list.csv': Table.bundled(PREVIOUS).csv()}, Accepted(('o.html',)), M)
# options given twice with conflicting values
prev_files = {'bodies.csv': b.csv(), 'p1.csv': Table.bundled(PREVIOUS).csv(), 'p2.csv': Table.bundled(PREVIOUS).csv()}
for label, (argv, files) in {
        '-i x=a -i x=b': (cmd(M, 'bodies.csv', '-i', 'tiebreak=name', '-i', 'tiebreak=population-name'), {'bodies.csv': b.csv()}),
        '--previous twice': (cmd(M, 'bodies.csv', '--previous', 'p1.csv', '--previous', 'p2.csv'), prev_files),
        '-o twice': (cmd(M, 'bodies.csv', '-o', 'a.csv', '-o', 'b.csv'), {'bodies.csv': b.csv()}),
        '--rename A=B --rename A=C': (cmd(M, 'bodies.csv', '--previous', 'p1.csv', '--rename', 'Agra=X', '--rename', 'Agra=Y'), prev_files),
        '--sheet twice': (cmd(M, 'bodies.xlsx', '--sheet', 'bodies', '--sheet', 'other'), {'bodies.xlsx': b.xlsx()}),
        'check -i twice': (('check', M, 'bodies.csv', 'p1.csv', '-i', 'tiebreak=name', '-i', 'tiebreak=population-name'), prev_files),
        'rotate --elections twice': (('rotate', M, 'bodies.csv', '--elections', '2', '--elections', '3'), {'bodies.csv': b.csv()})}.items():
    add(f'options/{label}', 'options', argv, files, Refused(None, None, None, ('twice',)), M)
add('options/-o given twice, the same', 'options', cmd(M, 'bodies.csv', '-o', 'r.csv', '-o', 'r.csv'), {'bodies.csv': b.csv()},
    Same({'bodies.csv': b.csv()}, cmd(M, 'bodies.csv', '-o', 'r.csv')), M)
# --elections bounded
for k in ('0', '101', str(10 ** 9), str(10 ** 20)):
    add(f'options/rotate --elections {k}', 'options', ('rotate', M, 'bodies.csv', '--elections', k, '-o', 'c.csv'),
        {'bodies.csv': b.csv()}, Refused(None, None, None, ('100',) if k != '0' else ('at least 1',)), M)
# JSON given as --previous, as a published list, to verify: malformed, tampered, too deep, too large, not a file
PREV_ARGS = ('--previous-date', '2023-05-04')
GOOD = ('allot', M, 'bodies.csv', '-o', 'good.json')
JSONS = {'truncated': b'{"schema_version": 1, "table": [', 'null': b'null', 'a list': b'[]', 'a number': b'17', 'empty': b'',
         'schema only': b'{"schema_version": 1}', 'another schema': b'{"schema_version": 99, "statute": "x", "table": [{"body": "A"}]}',
         'table not a list': b'{"schema_version": 1, "statute": "up-mayor-2023", "table": "Agra"}',
         'rows not objects': b'{"schema_version": 1, "statute": "up-mayor-2023", "table": [1, 2]}',
         'a row with a nested value': b'{"schema_version": 1, "statute": "up-mayor-2023", "table": [{"body": {"x": 1}, "category": "UR"}]}',
         'a warning without text': b'{"schema_version": 1, "statute": "up-mayor-2023", "table": [{"body": "Agra", "category": "UR"}], "warnings": [{"kind": "tie"}]}',
         'statute missing': b'{"schema_version": 1, "table": [{"body": "Agra", "category": "UR"}]}',
         'nested 100,000 deep': b'[' * 100_000 + b']' * 100_000, 'nested 100 deep': b'{"a": ' * 100 + b'1' + b'}' * 100,
         'not UTF-8': b'{"schema_version": 1, "statute": "\xff"}', 'a NUL byte': b'{"schema_version": 1\x00}'}
for label, data in JSONS.items():
    add(f'json/--previous: {label}', 'json', cmd(M, 'bodies.csv', '--previous', 'prev.json', *PREV_ARGS),
        {'bodies.csv': b.csv(), 'prev.json': data}, Refused('prev.json'), M)
for label in ('truncated', 'null', 'a row with a nested value', 'nested 100,000 deep'):
    add(f'json/published list: {label}', 'json', ('check', M, 'bodies.csv', 'pub.json'), {'bodies.csv': b.csv(), 'pub.json': JSONS[label]}, Refused('pub.json'), M)
    add(f'json/verify: {label}', 'json', ('verify', 'saved.json', 'bodies.csv'), {'bodies.csv': b.csv(), 'saved.json': JSONS[label]}, Refused('saved.json'), M)
add('json/--previous: 300 MB (a sparse file)', 'json', cmd(M, 'bodies.csv', '--previous', 'prev.json', *PREV_ARGS),
    {'bodies.csv': b.csv(), 'prev.json': Sparse(300 * 2 ** 20)}, Refused('prev.json', None, None, ('MiB',)), M)
add('json/verify: 300 MB (a sparse file)', 'json', ('verify', 'saved.json', 'bodies.csv'),
    {'bodies.csv': b.csv(), 'saved.json': Sparse(300 * 2 ** 20)}, Refused('saved.json', None, None, ('MiB',)), M)
for where, argv in {'--previous': cmd(M, 'bodies.csv', '--previous', 'prev.json', *PREV_ARGS), 'verify': ('verify', 'prev.json', 'bodies.csv'),
                    'published list': ('check', M, 'bodies.csv', 'prev.json')}.items():
    add(f'json/{where}: a link to /dev/zero', 'json', argv, {'bodies.csv': b.csv()}, Refused('prev.json'), M, links=(('prev.json', '/dev/zero'),))
    add(f'json/{where}: a folder', 'json', argv, {'bodies.csv': b.csv(), 'prev.json': DIR}, Refused('prev.json'), M)
# verify of a CSV that is a link to a device: refused as what it is (it was "no such file")
add('json/verify: the CSV output a link to /dev/zero', 'json', ('verify', 'saved.csv', 'bodies.csv'),
    {'bodies.csv': b.csv(), 'saved.provenance.json': b'{}'}, Refused('saved.csv', None, None, ('not a regular file',)), M,
    links=(('saved.csv', '/dev/zero'),))
# the provenance file beside a CSV list (prev.provenance.json: read back with a CSV output of the tool) is read as any JSON
# input is: a link to /dev/zero read for ever, and JSON nested 20,000 deep was an internal error (RecursionError)
SIDE = {'nested 20,000 deep': {'prev.provenance.json': b'[' * 20_000 + b']' * 20_000}, 'not JSON': {'prev.provenance.json': b'{"sha256": '},
        'a link to /dev/zero': {}}
for label, side in SIDE.items():
    links = (('prev.provenance.json', '/dev/zero'),) if not side else ()
    add(f'json/--previous: the provenance file beside the CSV {label}', 'json', cmd(M, 'bodies.csv', '--previous', 'prev.csv', *PREV_ARGS),
        {'bodies.csv': b.csv(), 'prev.csv': Table.bundled(PREVIOUS).csv(), **side}, Refused('prev.provenance.json'), M, links=links)
    add(f'json/published list: the provenance file beside the CSV {label}', 'json', ('check', M, 'bodies.csv', 'prev.csv'),
        {'bodies.csv': b.csv(), 'prev.csv': Table.bundled(PREVIOUS).csv(), **side}, Refused('prev.provenance.json'), M, links=links)
# JSON accepted: with a byte-order mark, a file named {2018}.json, the tool's own result; verify of a result saved with --sheet
def _bom(folder: Path) -> None:
    "A step before the run: good.json rewritten with a UTF-8 byte-order mark (as Windows Notepad saves it)."
    p = folder / 'good.json'
    p.write_bytes(b'\xef\xbb\xbf' + p.read_bytes())
add('json/--previous: the own result with a byte-order mark', 'json', cmd(M, 'bodies.csv', '--previous', 'good.json', *PREV_ARGS),
    {'bodies.csv': b.csv()}, Same({'bodies.csv': b.csv()}, cmd(M, 'bodies.csv', '--previous', 'good.json', *PREV_ARGS), before=(GOOD,)), M,
    before=(GOOD, _bom))
add('json/--previous: a file named {2018}.json', 'json', cmd(M, 'bodies.csv', '--previous', '{2018}.json', *PREV_ARGS),
    {'bodies.csv': b.csv()}, Same({'bodies.csv': b.csv()}, cmd(M, 'bodies.csv', '--previous', 'good.json', *PREV_ARGS), before=(GOOD,)), M,
    before=(('allot', M, 'bodies.csv', '-o', '{2018}.json'),))
add('json/verify: a file named {2018}.json', 'json', ('verify', '{2018}.json', 'bodies.csv'), {'bodies.csv': b.csv()},
    Accepted((), ('reproduced',)), M, before=(('allot', M, 'bodies.csv', '-o', '{2018}.json'),))
add('json/verify: the own result with a byte-order mark', 'json', ('verify', 'good.json', 'bodies.csv'), {'bodies.csv': b.csv()},
    Accepted((), ('reproduced',)), M, before=(GOOD, _bom))
two = Workbook((('2011', b.sheet(), 'visible'), ('old', stale.sheet(), 'visible')))
add('json/verify: a result saved with --sheet', 'json', ('verify', 'r.json', 'bodies.xlsx'), {'bodies.xlsx': two},
    Accepted((), ('reproduced',)), M, before=(('allot', M, 'bodies.xlsx', '--sheet', '2011', '-o', 'r.json'),))
# the tool's own result, tampered with: a field of another kind where the statutes or verify read it
def _tamper(path: tuple, value):
    def f(folder: Path) -> None:
        import json
        p = folder / 'good.json'
        d = json.loads(p.read_text(encoding='utf-8'))
        x = d
        for k in path[:-1]: x = x[k]
        x[path[-1]] = value
        p.write_text(json.dumps(d), encoding='utf-8')
    return f
TAMPERED = {'record walks a number': (('record', 'rotation', 'walks'), 5), 'a walk a text': (('record', 'rotation', 'walks', 'SC'), 'x'),
            "a walk's owed a text": (('record', 'rotation', 'walks', 'SC', 'owed'), 'Agra'),   # read as its letters, before
            "a walk's owed holding an object": (('record', 'rotation', 'walks', 'SC', 'owed'), [{'a': 1}]),   # an internal error
            'provenance inputs a number': (('provenance', 'inputs'), 5),
            'an election date that is not a date': (('provenance', 'parameters'), {'election_date': 'soon'}),
            'a step without its text': (('steps',), [{'clause': 'x'}]),
            # found by fuzzing (tests of this kind: a field removed or given another kind at random)
            'steps null': (('steps',), None), 'an input without its role': (('provenance', 'inputs'), [{'path': 'x', 'sha256': 'y'}]),
            'columns without body': (('columns',), ['category', 'clause', 'reason']),
            'a reading this statute does not have': (('interpretations', 'tiebreak'), 'Agra')}
for label, (path, value) in TAMPERED.items():
    if 'reading' not in label:  # as a previous allotment, a result's reading is not used: only verify reads it
        add(f'json/--previous: own result, {label}', 'json', cmd(M, 'bodies.csv', '--previous', 'good.json', *PREV_ARGS),
            {'bodies.csv': b.csv()}, Refused('good.json'), M, before=(GOOD, _tamper(path, value)))
    add(f'json/verify: own result, {label}', 'json', ('verify', 'good.json', 'bodies.csv'), {'bodies.csv': b.csv()},
        Refused('good.json'), M, before=(GOOD, _tamper(path, value)))
# a saved result whose renames hold a name no name may be (a formula): the recomputation refuses it (an internal error before)
add('json/verify: own result, a rename to a formula', 'json', ('verify', 'good.json', 'bodies.csv', '--previous', 'prev.csv'),
    {'bodies.csv': b.csv(), 'prev.csv': Table.bundled(PREVIOUS).csv()}, Refused('good.json', None, None, ('--rename',)), M,
    before=(cmd(M, 'bodies.csv', '--previous', 'prev.csv', *PREV_ARGS, '-o', 'good.json'),
            _tamper(('provenance', 'parameters', 'renames'), {'Agra': '=HYPERLINK("x")'})))
# a published list (or a previous allotment) with a header and no rows
for label, argv in {'published list': ('check', M, 'bodies.csv', 'pub.csv'),
                    'previous allotment': cmd(M, 'bodies.csv', '--previous', 'pub.csv', *PREV_ARGS)}.items():
    add(f'csv/{M}/a {label} with a header and no rows', 'csv', argv, {'bodies.csv': b.csv(), 'pub.csv': b'body,category\n'},
        Refused('pub.csv', None, None, ('no rows',)), M)
# a user column `Category` (or `W` of a seats table) would stand beside the output's own `category` (`W`), a column a reader
# could take for the other: refused (0.8.2 passed it through, and read the tool's own CSV of it back as --previous)
cat = b.add_column('Category', ['x'] * len(b.rows))
add(f'csv/{M}/a user column Category beside the output\'s category', 'csv', cmd(M, 'bodies.csv', '-o', 'out.csv'), {'bodies.csv': cat.csv()},
    Refused('bodies.csv', None, 'Category', ("could be read as the output's column 'category'",)), M)
# explain --body typed in decomposed Unicode
nfd = b.set(0, 'body', 'Agr\u00e1')
add(f'options/explain --body in NFD', 'options', ('explain', M, 'bodies.csv', '--body', 'Agra\u0301'), {'bodies.csv': nfd.csv()},
    Accepted((), ('Agr\u00e1',)), M)

ROUND3 = tuple(c.name for c in CASES[_ROUND3:])   # the cases of issue #19

# ------------------------------------------------------------------------------------------------ round 4 (issue #19, what 0.4.0 left)
_ROUND4 = len(CASES)
# blank divisions: accepted where the reading in force uses none (Nagar Panchayats, nagar-panchayat-procedure=state),
# refused (file, row, column) where it uses them; check over many readings says which could not be tried
NPS, PPS = 'up-nagar-panchayats-2023', 'up-palika-parishads-2023'
STATE = ('-i', 'nagar-panchayat-procedure=state')
np_ = base(NPS)
np_blank = np_.map('division', lambda v: '')
np_one_blank = np_.set(2, 'division', '')
np_no_div = Table(tuple(h for h in np_.header if h != 'division'),
                  tuple(tuple(v for h, v in zip(np_.header, r) if h != 'division') for r in np_.rows))
same_state = lambda: replace(same_csv(NPS, np_, *STATE), columns=('body', 'category', 'clause', 'reason'))
add(f'csv/{NPS}/blank divisions, nagar-panchayat-procedure=state', 'csv', cmd(NPS, 'bodies.csv', *STATE),
    {'bodies.csv': np_blank.csv()}, same_state(), NPS)
add(f'csv/{NPS}/one blank division, nagar-panchayat-procedure=state', 'csv', cmd(NPS, 'bodies.csv', *STATE),
    {'bodies.csv': np_one_blank.csv()}, same_state(), NPS)
add(f'csv/{NPS}/no division column, nagar-panchayat-procedure=state', 'csv', cmd(NPS, 'bodies.csv', *STATE),
    {'bodies.csv': np_no_div.csv()}, same_state(), NPS)
add(f'xlsx/{NPS}/empty division cells, nagar-panchayat-procedure=state', 'xlsx', cmd(NPS, 'bodies.xlsx', *STATE),
    {'bodies.xlsx': np_blank.xlsx()}, same_state(), NPS)
add(f'csv/{NPS}/one blank division, the default reading (by divisions)', 'csv', cmd(NPS),
    {'bodies.csv': np_one_blank.csv()}, Refused('bodies.csv', line(2), 'division', ('nagar-panchayat-procedure=state',)), NPS)
add(f'csv/{NPS}/no division column, the default reading (by divisions)', 'csv', cmd(NPS),
    {'bodies.csv': np_no_div.csv()}, Refused('bodies.csv', None, 'division'), NPS)
add(f'csv/{PPS}/one blank division (Palika Parishads: always by divisions)', 'csv', cmd(PPS),
    {'bodies.csv': base(PPS).set(2, 'division', '').csv()}, Refused('bodies.csv', line(2), 'division'), PPS)
add(f'csv/{NPS}/rotate, blank divisions, nagar-panchayat-procedure=state', 'csv',
    ('rotate', NPS, 'bodies.csv', '--elections', '2', *STATE, '-o', 'chain.csv'), {'bodies.csv': np_blank.csv()}, Accepted(('chain.csv',)), NPS)
add(f'csv/{NPS}/explain, blank divisions, nagar-panchayat-procedure=state', 'csv',
    ('explain', NPS, 'bodies.csv', '--body', np_.cell(0, 'body'), *STATE), {'bodies.csv': np_blank.csv()}, Accepted((), (np_.cell(0, 'body'),)), NPS)
add(f'csv/{NPS}/explain, one blank division, the default reading', 'csv',
    ('explain', NPS, 'bodies.csv', '--body', np_.cell(0, 'body')), {'bodies.csv': np_one_blank.csv()},
    Refused('bodies.csv', line(2), 'division'), NPS)
_np_pub = lambda folder: (folder / 'pub.csv').write_text(
    'body,category\n' + ''.join(f"{r['body']},{r['category']}\n" for r in csv.DictReader(open(folder / 'state.csv', encoding='utf-8-sig'))),
    encoding='utf-8')
add(f'csv/{NPS}/check, blank divisions, nagar-panchayat-procedure=state: the readings by divisions not tried, said', 'csv',
    ('check', NPS, 'bodies.csv', 'pub.csv', *STATE, '-o', 'check.json'), {'bodies.csv': np_one_blank.csv()},
    Accepted(('check.json',), ('readings could not be tried', 'nagar-panchayat-procedure=divisions', f'row {line(2)}')), NPS,
    before=(cmd(NPS, 'bodies.csv', *STATE, '-o', 'state.csv'), _np_pub))
_np_pub_tail = lambda folder: (folder / 'pub.csv').write_text(
    'body,category\n' + ''.join(f"{r['body']},{r['category']}\n" for r in list(csv.DictReader(open(folder / 'state.csv', encoding='utf-8-sig')))[2:]),
    encoding='utf-8')
add(f'csv/{NPS}/check --only-listed, a blank division: its own row named', 'csv',
    ('check', NPS, 'bodies.csv', 'pub.csv', *STATE, '--only-listed', '-o', 'check.json'), {'bodies.csv': np_one_blank.csv()},
    Accepted(('check.json',), ('readings could not be tried', f'row {line(2)},')), NPS,
    before=(cmd(NPS, 'bodies.csv', *STATE, '-o', 'state.csv'), _np_pub_tail))
add(f'csv/{NPS}/check, one blank division, the default reading', 'csv', ('check', NPS, 'bodies.csv', 'pub.csv', '-o', 'check.json'),
    {'bodies.csv': np_one_blank.csv()}, Refused('bodies.csv', line(2), 'division'), NPS,
    before=(cmd(NPS, 'bodies.csv', *STATE, '-o', 'state.csv'), _np_pub))

# CSV: Excel's `sep=` first line; header names that differ only by spaces; a minus sign before zero
t4 = b.text()
add(f'csv/{M}/first line sep=, (Excel)', 'csv', cmd(M), {'bodies.csv': ('sep=,\n' + t4).encode()}, same_csv(M, b), M)
add(f'csv/{M}/first line sep=, with CRLF', 'csv', cmd(M), {'bodies.csv': ('sep=,\r\n' + t4.replace('\n', '\r\n')).encode()}, same_csv(M, b), M)
add(f'csv/{M}/first line sep=; and semicolons', 'csv', cmd(M), {'bodies.csv': ('sep=;\n' + t4.replace(',', ';')).encode()},
    Refused('bodies.csv', 1, None, ("'sep=;'", 'commas')), M)
add(f'csv/{M}/first line sep=| and commas', 'csv', cmd(M), {'bodies.csv': ('sep=|\n' + t4).encode()}, Refused('bodies.csv', 1), M)
add(f'csv/{M}/CR-only line ends (old Mac)', 'csv', cmd(M), {'bodies.csv': t4.replace('\n', '\r').encode()}, same_csv(M, b), M)
for label, (h1, h2) in {'a no-break space': ('my note', 'my\u00a0note'), 'two spaces': ('my note', 'my  note'),
                        'case and a space': ('Note', ' note')}.items():
    add(f'csv/{M}/pass-through columns named alike, differing by {label}', 'csv', cmd(M, 'bodies.csv', '-o', 'o.csv'),
        {'bodies.csv': b.add_column(h1, ['1'] * len(b.rows)).add_column(h2, ['2'] * len(b.rows)).csv()},
        Refused('bodies.csv', None, None, ('more than once',)), M)
add(f'numbers/{M}/sc -0 (a minus sign before zero)', 'numbers', cmd(M), {'bodies.csv': b.set(0, 'sc', '-0').csv()},
    Refused('bodies.csv', line(0), 'sc', ('minus sign',)), M)
# XLSX: a count cell formatted as a percentage (Excel shows 100 % for 1), or as a date; a thousands format is a number
class Formatted(Workbook):
    "The table as a workbook, the cell (row, column) given a value and a number format."
    def __init__(self, table, row, col, value, fmt):
        object.__setattr__(self, 'sheets', (('bodies', table.sheet(), 'visible'),)); object.__setattr__(self, 'cells', ())
        object.__setattr__(self, 'spec', (row, col, value, fmt))
    def write(self, path):
        import openpyxl
        wb = openpyxl.Workbook(); ws = wb.active; ws.title = 'bodies'
        for r in self.sheets[0][1]: ws.append(r)
        row, col, value, fmt = self.spec
        c = ws.cell(row, col); c.value = value; c.number_format = fmt
        wb.save(path)
SCC = b.col('sc') + 1
for label, (v, fmt) in {'1 as 100%': (1, '0%'), '0.25 as 25%': (0.25, '0%'), '5 as 500.00%': (5, '0.00%'), 'a custom 0.0" %"': (7, '0.0" "%')}.items():
    add(f'xlsx/{M}/sc a percentage cell: {label}', 'xlsx', cmd(M, 'bodies.xlsx'), {'bodies.xlsx': Formatted(b, 2, SCC, v, fmt)},
        Refused('bodies.xlsx', 2, 'sc', ('percentage',)), M)
add(f'xlsx/{M}/population a percentage cell', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Formatted(b, 3, b.col('population') + 1, int(b.cell(1, 'population')), '0%')}, Refused('bodies.xlsx', 3, 'population', ('percentage',)), M)
add(f'xlsx/{M}/a pass-through column formatted as a percentage (allowed)', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Formatted(b.add_column('share', ['1'] * len(b.rows)), 2, len(b.header) + 1, 0.5, '0%')},
    Accepted(()), M)
add(f'xlsx/{M}/sc formatted with a thousands separator (#,##0)', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Formatted(b, 2, SCC, int(b.cell(0, 'sc')), '#,##0')}, same_csv(M, b), M)
add(f'xlsx/{M}/sc a number formatted as a date', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Formatted(b, 2, SCC, int(b.cell(0, 'sc')), 'yyyy-mm-dd')}, Refused('bodies.xlsx', 2, 'sc', ('a date', 'format it as a number')), M)
# JSON: strict (a key twice, NaN, Infinity, an integer of thousands of digits, a schema_version of another kind)
def _edit(old: str, new: str, count: int = 1):
    def f(folder: Path) -> None:
        p = folder / 'good.json'
        t = p.read_text(encoding='utf-8')
        assert old in t, old
        p.write_text(t.replace(old, new, count), encoding='utf-8')
    return f
STRICT = {'a key twice (schema_version)': ('"schema_version": 2', '"schema_version": 2, "schema_version": 1', 'twice'),
          'a key twice in a row (category)': ('"category": "', '"category": "UR", "category": "', 'twice'),
          'NaN': ('"schema_version": 2', '"schema_version": 2, "x": NaN', 'NaN'),
          '-Infinity': ('"schema_version": 2', '"schema_version": 2, "x": -Infinity', 'Infinity'),
          'an integer of 5,000 digits': ('"schema_version": 2', '"schema_version": 2, "x": ' + '9' * 5000, 'digits'),
          'schema_version true': ('"schema_version": 2', '"schema_version": true', 'schema_version'),
          'schema_version 2.0': ('"schema_version": 2', '"schema_version": 2.0', 'schema_version')}
for label, (old, new, says) in STRICT.items():
    for where, argv in {'--previous': cmd(M, 'bodies.csv', '--previous', 'good.json', *PREV_ARGS), 'verify': ('verify', 'good.json', 'bodies.csv'),
                        'published list': ('check', M, 'bodies.csv', 'good.json')}.items():
        add(f'json/{where}: {label}', 'json', argv, {'bodies.csv': b.csv()},
            Refused('good.json', None, None, () if where == 'verify' and 'schema' in label else (says,)), M, before=(GOOD, _edit(old, new)))
# --elections: the digits 0-9 only, as every count
for k in ('-1', '+3', '3.0', '1e2', '\u0663'):
    add(f'options/rotate --elections {k!r}', 'options', ('rotate', M, 'bodies.csv', '--elections', k, '-o', 'c.csv'),
        {'bodies.csv': b.csv()}, Refused(None, None, None, ('0-9',)), M)

# XLSX: a name in rich text (runs of several fonts), a name with a phonetic run (Excel's furigana): the text shown
_A2 = r'<c r="A2" t="inlineStr"><is><t>([^<]*)</t></is></c>'
add(f'xlsx/{M}/a body name in rich text (two runs)', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((_A2, lambda m: f'<c r="A2" t="inlineStr"><is><r><rPr><b/></rPr><t>{m[1][:3]}</t></r><r><t>{m[1][3:]}</t></r></is></c>'),)),))},
    same_csv(M, b), M)
add(f'xlsx/{M}/a body name with a phonetic run', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((_A2, r'<c r="A2" t="inlineStr"><is><t>\1</t><rPh sb="0" eb="2"><t>Agra</t></rPh></is></c>'),)),))},
    same_csv(M, b), M)
add(f'xlsx/{M}/a header cell in rich text', 'xlsx', cmd(M, 'bodies.xlsx'),
    {'bodies.xlsx': Patched(b.xlsx(), ((SHEET1, ((r'<is><t>sc</t></is>', '<is><r><rPr><i/></rPr><t>s</t></r><r><t>c</t></r></is>'),)),))},
    same_csv(M, b), M)

# a CSV output's provenance, written beside it (out.provenance.json), must not overwrite an input either
_pubcsv = Table.bundled(PREVIOUS).csv()
for label, (argv, files) in {
        'allot: the bodies': (cmd(M, 'o.provenance.json', '-o', 'o.csv'), {'o.provenance.json': b.csv()}),
        'allot: the previous allotment': (cmd(M, 'bodies.csv', '--previous', 'o.provenance.json', *PREV_ARGS, '-o', 'o.csv'),
                                          {'bodies.csv': b.csv(), 'o.provenance.json': _pubcsv}),
        'seats: the bodies': (cmd('up-corporation-wards', 'o.provenance.json', '-o', 'o.csv'),
                              {'o.provenance.json': base('up-corporation-wards').csv()}),
        'check: the published list': (('check', M, 'bodies.csv', 'c.provenance.json', '-o', 'c.csv'), {'bodies.csv': b.csv(), 'c.provenance.json': _pubcsv}),
        'rotate: the bodies': (('rotate', M, 'c.provenance.json', '--elections', '2', '-o', 'c.csv'), {'c.provenance.json': b.csv()})}.items():
    add(f'environment/a CSV output whose provenance file is an input ({label})', 'environment', argv, files,
        Refused(None, None, None, ('provenance', 'is an input')), M)

# CSV: trailing empty columns (Excel writes them for formatted empty cells) are dropped, as in a workbook; a value under
# a header left empty is refused
add(f'csv/{M}/trailing empty columns (,, on every line)', 'csv', cmd(M), {'bodies.csv': t4.replace('\n', ',,\n').encode()}, same_csv(M, b), M)
add(f'csv/{M}/a value under a trailing empty header', 'csv', cmd(M),
    {'bodies.csv': '\n'.join(l + (',x' if i == 3 else ',') for i, l in enumerate(t4.splitlines())).encode() + b'\n'},
    Refused('bodies.csv', 1, None, ('no name',)), M)

# verify given a workbook that is not the tool's output (no provenance in it: the tool's own is verified, from 0.8.1); a
# .json that is a workbook as --previous
add('json/verify: a workbook that is not an output of the tool', 'json', ('verify', 'r.xlsx', 'bodies.csv'),
    {'bodies.csv': b.csv(), 'r.xlsx': Table.bundled(PREVIOUS).xlsx()},
    Refused('r.xlsx', None, None, ("holds no sheet 'provenance JSON'", 'verify it with the JSON output')), M)
add('json/--previous: a workbook named .json', 'json', cmd(M, 'bodies.csv', '--previous', 'prev.json', *PREV_ARGS),
    {'bodies.csv': b.csv(), 'prev.json': Table.bundled(PREVIOUS).xlsx()}, Refused('prev.json', None, None, ('workbook',)), M)

ROUND4 = tuple(c.name for c in CASES[_ROUND4:])   # what 0.4.0 left of issue #19

# Cases with a process of their own (test_hostile.py): closed stdout, signals, a full disk, the umask.
ENVIRONMENT = (
    'stdout is /dev/full',
    'stdout is /dev/full, with -o and --explain: nothing written',
    'stdout closed (file descriptor 1)',
    'stdout a pipe closed by the reader',
    'disk full while writing the output (RLIMIT_FSIZE)',
    'disk full while replacing an existing output (RLIMIT_FSIZE)',
    'input is a named pipe (FIFO)',
    'input is /dev/zero',
    'previous allotment (.json) is a named pipe (FIFO)',
    'new output gets the umask mode 022 -> 0644 (.csv)',
    'new output gets the umask mode 022 -> 0644 (.xlsx)',
    'new output gets the umask mode 027 -> 0640 (.csv)',
    'existing output keeps its mode 0640 (.csv)',
    'existing output keeps its mode 0664 (.xlsx)',
    'SIGTERM while writing a new output: no temporary file',
    'SIGTERM while replacing an existing output: unchanged, no temporary file',
    'SIGINT while writing a new output: no temporary file',
)

# Corpus cases also run through the real `reservation-law` executable (exit codes, raw bytes on stderr).
THROUGH_EXECUTABLE = (
    'numbers/up-mayor-2023/sc misplaced-comma 550,0',
    'names/up-mayor-2023/control character in a name: ESC colour sequence',
    'environment/input that does not exist',
    'formula/up-mayor-2023/body HYPERLINK -> out.xlsx',
    'json/--previous: nested 100,000 deep',
    'xlsx/up-mayor-2023/dimension element A1',
    'options/-o twice',
    'names/up-mayor-2023/a look-alike of another name: Cyrillic а',
)

GROUPS = ('numbers', 'names', 'formula', 'xlsx', 'csv', 'environment', 'json', 'options')

# found by fuzzing: an HTML report of an arrangement that ranks no body (under women-divisions=state-rank every body of
# this pair already took a group office, so the State's W arrangement is empty) was an internal error
add('csv/up-palika-parishads-2023/an HTML report with an arrangement that ranks no body', 'csv',
    ('allot', 'up-palika-parishads-2023', 'bodies.csv', '-i', 'women-divisions=state-rank', '-o', 'r.html'),
    {'bodies.csv': b'body,division,population,sc,st,bc,women\nChandnagar,Uttar,98120,37376,32657,28087,47195\n'
                   b'Dhanipur,Uttar,38460,16237,9016,13207,18037\n'},
    Accepted(('r.html',)), 'up-palika-parishads-2023')
