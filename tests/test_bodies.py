"Input validation: every fault is named by file, row and column; Excel and Devanagari work."
import json, re
import pandas as pd
import pytest
from reservation_law.core.bodies import load_bodies, InputError

GOOD = "body,population,sc,st,bc\nलखनऊ,2817105,339000,12000,1100000\nKanpur,2767031,420000,5000,1000000\n"


def test_csv_utf8_with_devanagari_and_bom(workdir):
    (workdir / 'b.csv').write_bytes(b'\xef\xbb\xbf' + GOOD.encode('utf-8'))
    df = load_bodies('b.csv')
    assert list(df.body) == ['लखनऊ', 'Kanpur'] and df.population.dtype == 'int64'


def test_xlsx_reads_and_names_rows(workdir):
    df = pd.DataFrame({'body': ['A', 'B'], 'population': [100, 200], 'sc': [10, 20.5], 'st': [1, 1], 'bc': [1, 1]})
    df.to_excel('b.xlsx', index=False)
    with pytest.raises(InputError) as e: load_bodies('b.xlsx')
    assert str(e.value) == "b.xlsx, row 3 (body 'B'), column 'sc': not a whole number: 20.5"
    df.loc[1, 'sc'] = 20
    df.to_excel('b.xlsx', index=False)
    assert load_bodies('b.xlsx').sc.tolist() == [10, 20]


@pytest.mark.parametrize('text,expected', [
    ("body,population,sc,st\nA,100,1,1\n", "t.csv, column 'bc': missing column 'bc'"),
    ("body,population,sc,st,bc\nA,100,,1,1\n", "t.csv, row 2 (body 'A'), column 'sc': empty cell"),
    ("body,population,sc,st,bc\nA,100,1.5,1,1\n", "t.csv, row 2 (body 'A'), column 'sc': not a whole number"),
    ("body,population,sc,st,bc\nA,100,-1,1,1\n", "t.csv, row 2 (body 'A'), column 'sc': negative"),
    ("body,population,sc,st,bc\nA,0,0,0,0\n", "t.csv, row 2 (body 'A'), column 'population': population is zero"),
    ("body,population,sc,st,bc\nA,100,60,30,20\n", "t.csv, row 2 (body 'A'), column 'bc': sc + st + bc = 110"),
    ("body,population,sc,st,bc\nA,100,1,1,1\n\nA,100,1,1,1\n", "t.csv, row 4 (body 'A'), column 'body': duplicate"),
    ("body,population,sc,st,bc\n,100,1,1,1\n", "t.csv, row 2, column 'body': blank body name"),
    ("", "t.csv: the file is empty"),
    ("body,population,sc,st,bc\nA,100,10,0,0,5\n", "t.csv, row 2: 6 fields, but the header has 5"),
    ("body,Population,sc,st,bc,population\nA,100,1,1,1,100\n", "t.csv, column 'population': column 'population' appears more than once"),
])
def test_each_fault_is_named(workdir, text, expected):
    (workdir / 't.csv').write_text(text, encoding='utf-8')
    with pytest.raises(InputError) as e: load_bodies('t.csv')
    assert str(e.value).startswith(expected)


def test_not_utf8_names_the_line(workdir):
    (workdir / 't.csv').write_bytes("body,population,sc,st,bc\nA,100,1,1,1\nBé,100,1,1,1\n".encode('cp1252'))
    with pytest.raises(InputError) as e: load_bodies('t.csv')
    assert str(e.value).startswith('t.csv, row 3: not UTF-8')


def test_missing_file():
    with pytest.raises(InputError, match='no such file'): load_bodies('/nonexistent/x.csv')


def test_implausibly_large_count_is_an_input_error_not_an_overflow(workdir):
    (workdir / 't.csv').write_text('body,population,sc,st,bc\nA,' + '1' + '0' * 30 + ',1,1,1\n', encoding='utf-8')
    with pytest.raises(InputError, match="row 2 \\(body 'A'\\), column 'population': implausibly large count"):
        load_bodies('t.csv')


def test_headers_differing_only_in_case_are_refused(workdir):
    (workdir / 't.csv').write_text('body,population,sc,st,nominated,Nominated\nA,30000,1,1,9,1\n', encoding='utf-8')
    with pytest.raises(InputError, match="column 'nominated' appears more than once"):
        load_bodies('t.csv', ('population', 'sc', 'st'))


def test_a_group_column_the_statute_does_not_use_is_not_checked_against_the_population(workdir):
    (workdir / 't.csv').write_text('body,population,sc,st,bc\nA,30000,1000,1000,40000\n', encoding='utf-8')
    assert load_bodies('t.csv', ('population', 'sc', 'st')).bc.tolist() == [40000]


from hypothesis import given, settings, strategies as st


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(['A', 'z', ' ', '=', '-', '+', '@', '\n', '\t', 'é', '\u200b', ',']),
                        max_size=5), max_size=5))
def test_plain_names_in_bulk_are_the_plain_names_one_by_one(values):
    "The whole-column check of plain names says exactly what the check of each name says."
    from reservation_law.core.bodies import _all_plain_names, _plain_name
    assert _all_plain_names(values) == all(map(_plain_name, values))


def _rows_one_by_one(text):
    "The table as read_table reads it row by row (its slow path, kept as the reference): header, rows, line numbers."
    import csv, io
    reader = csv.reader(io.StringIO(text, newline=''), strict=True)
    header, rows, lines, end = None, [], [], 0
    for fields in reader:
        start, end = end + 1, reader.line_num
        if not any(f.strip() for f in fields): continue
        if header is None: header = [f.strip() for f in fields]; continue
        if len(fields) != len(header): return 'error', start
        rows.append(fields); lines.append(start)
    return header, rows, lines


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(['a', 'b', ' ', ',', '\n', '\r', '\r\n', '\t', 'ह']), max_size=8).map(''.join),
                min_size=1, max_size=6).map(lambda ls: 'body,category\n' + '\n'.join(ls)))
def test_a_csv_without_quotes_reads_as_row_by_row(tmp_path_factory, text):
    "read_table's one-call read of a CSV without quotes gives the same table and line numbers as reading row by row."
    from reservation_law.core.bodies import read_table
    p = tmp_path_factory.mktemp('csv') / 'p.csv'
    p.write_bytes(text.encode('utf-8'))
    want = _rows_one_by_one(text)
    if want[0] == 'error':
        with pytest.raises(InputError) as e: read_table(p)
        assert f"row {want[1]}" in str(e.value)
        return
    df, lines = read_table(p)
    assert list(df.columns) == want[0] and df.values.tolist() == want[1] and lines == want[2]



_CSV_TRICKS = ['a', 'b', ' ', ',', ',', '\n', '\r', '\r\n', '\t', 'ह', '\x0b', '\x0c', '\x1c', '\x85', '\u2028', '\ufeff',
               '\x1a', '#', "'", '\\', 'NA', 'nan', 'null', 'None', '#N/A', '1e5', '-1.0', '0x1', 'True', 'inf']


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_CSV_TRICKS), max_size=8).map(''.join), min_size=1, max_size=6),
       st.sampled_from(['\n', '\r\n', '\r']), st.sampled_from(['', '\n', '\r\n']))
def test_pandas_reading_of_a_csv_without_quotes_is_csv_readers(lines, eol, end):
    """`_plain_csv` (pandas' C parser) gives a table only where `csv.reader` gives every row whole, and then the same
    one, cell for cell (missing-value words, a byte-order mark, line breaks pandas and csv might read differently); and
    wherever `csv.reader` gives every row whole, it does give one (else the fast path would never be taken)."""
    import csv, io
    from reservation_law.core.bodies import _plain_csv, _whole
    text = eol.join(lines) + end
    rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))
    df = _plain_csv(text)
    if not _whole(rows) or text.startswith('\ufeff'): assert df is None; return
    assert df is not None and list(df.columns) == [f.strip() for f in rows[0]] and df.values.tolist() == rows[1:]
    assert set(map(str, df.dtypes)) <= {'object'}


@pytest.mark.parametrize('text', ['a,b\n1,2,3\n4\n', 'a,b\n1\n2,3,4\n', 'a,b,c\n1,2\n3,4,5,6\n', 'a,b\r\n1,2,3\r\n4\r\n',
                                  'a,b\n1,2\n\n3,4\n'])
def test_lines_of_unequal_fields_are_never_read_as_whole_even_when_the_commas_add_up(text):
    """Lines whose fields add up to whole lines (3 + 1 = 2 + 2) are not whole: `_plain_csv` gives no table (`csv.reader`
    reads them row by row, and says which row is short or long), with LF or CRLF line breaks, or a blank line."""
    import csv, io
    from reservation_law.core.bodies import _plain_csv, _split_fields, _whole
    assert _split_fields(text) is None and _plain_csv(text) is None
    assert not _whole(list(csv.reader(io.StringIO(text, newline=''))))


def test_a_csv_of_whole_lines_is_split_as_csv_reader_reads_it():
    import csv, io
    from reservation_law.core.bodies import _split_fields
    for text in ('a,b\n1,2\n', 'a,b\r\n1,2\r\n', 'a,b\n1,2', 'body\nx\ny\n', 'a,,c\n,,\nह,ī,\t\n'):
        assert _split_fields(text).tolist() == list(csv.reader(io.StringIO(text, newline='')))
    assert _split_fields('a,b\n1,2\r3,4\n') is None                  # a lone CR: left to pandas' parser


def test_a_field_longer_than_csvs_limit_is_refused_as_before(workdir):
    "A plain CSV with a field longer than `csv`'s limit is not read by pandas (which takes it): csv's message, as before."
    import csv
    (workdir / 'big.csv').write_text('body,population\n' + 'A' * (csv.field_size_limit() + 1) + ',1\n', encoding='utf-8')
    from reservation_law.core.bodies import read_table
    with pytest.raises(InputError, match='field larger than field limit'): read_table('big.csv')

def _numbers_xlsx(path, header, rows):
    "A workbook built cell by cell with openpyxl: numbers stay number cells (as a user typing them into Excel makes them)."
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(header)
    for r in rows: ws.append(r)
    wb.save(path)


@pytest.mark.parametrize('second, want', [('_x0041_gra', "duplicate body name 'Agra'"), ('Ag_x200B_ra', 'invisible character'),
                                          ('Etawah_x001B_[2J', 'control character')])
def test_a_name_in_a_workbook_is_read_as_excel_shows_it_its_escapes_decoded(workdir, second, want):
    "OOXML writes a character as `_xHHHH_`, which Excel shows as the character (openpyxl does not decode it): read as shown."
    _numbers_xlsx('b.xlsx', ['body', 'population', 'sc', 'st', 'bc'], [['Agra', 100, 1, 1, 1], [second, 200, 2, 2, 2]])
    with pytest.raises(InputError, match=want) as e: load_bodies('b.xlsx')
    assert (e.value.row, e.value.column) == (3, 'body')


def _formatted_xlsx(path, fmt=None):
    "A small workbook of counts; `fmt` as the number format of cell C3 (sc of the second body)."
    import openpyxl
    wb = openpyxl.Workbook(); ws = wb.active
    for r in (['body', 'population', 'sc', 'st', 'bc'], ['A', 1000, 100, 0, 0], ['B', 2000, 1585, 0, 0], ['C', 900, 9, 0, 0]): ws.append(r)
    if fmt: ws['C3'].number_format = fmt
    wb.save(path)


@pytest.mark.parametrize('fmt, want', [(';;;', 'shows nothing'), ('#,##0,', 'divided by a thousand'), ('0,', 'divided by a thousand'),
                                       ('#,##0.00,', 'divided by a thousand'), ('"1,586"', 'text of its own'),
                                       ('0" persons"', 'text of its own'), ('0.0E+00', 'not show it as a plain number'),
                                       ('[Red]0;;', None), ('#,##0', None), ('0', None), ('#,##,##0', None), ('0.00', None),
                                       ('#,##0_);(#,##0)', None), ('@', None), ('[Blue]#,##0', None)])
def test_a_count_whose_format_shows_something_else_is_refused(workdir, fmt, want):
    "What Excel shows of a count is what is read: a format that hides it, scales it or writes text of its own is refused."
    _formatted_xlsx('b.xlsx', fmt)
    if want is None:
        assert load_bodies('b.xlsx')['sc'].tolist() == [100, 1585, 9]
        return
    with pytest.raises(InputError, match=want) as e: load_bodies('b.xlsx')
    assert (e.value.row, e.value.column) == (3, 'sc') and 'cell C3' in str(e.value)


@pytest.mark.parametrize('old, new, want', [('<row r="3"', '<row r="3" ht="0" customHeight="1"', 'row is hidden'),
                                           ('<sheetData', '<cols><col min="3" max="3" width="0" customWidth="1"/></cols><sheetData',
                                            'column C is hidden')])
def test_a_row_made_0_high_or_a_column_0_wide_is_hidden(workdir, old, new, want):
    "A row 0 high or a column 0 wide is not seen (openpyxl does not write one: the sheet's XML is edited, as Excel saves it)."
    import re, zipfile
    _formatted_xlsx('a.xlsx')
    with zipfile.ZipFile('a.xlsx') as z: parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    s = 'xl/worksheets/sheet1.xml'
    assert old in parts[s].decode()
    parts[s] = parts[s].decode().replace(old, new, 1).encode()
    with zipfile.ZipFile('b.xlsx', 'w', zipfile.ZIP_DEFLATED) as z:
        for k, v in parts.items(): z.writestr(k, v)
    assert len(load_bodies('a.xlsx')) == 3
    with pytest.raises(InputError, match=want): load_bodies('b.xlsx')


def test_an_escaped_underscore_in_a_workbook_is_an_underscore(workdir):
    "`_x005F_` is an underscore: `_x005F_x0041_gra` is shown as the text _x0041_gra, not Agra."
    _numbers_xlsx('b.xlsx', ['body', 'population', 'sc', 'st', 'bc'], [['Agra', 100, 1, 1, 1], ['_x005F_x0041_gra', 200, 2, 2, 2]])
    assert load_bodies('b.xlsx')['body'].tolist() == ['Agra', '_x0041_gra']


@pytest.mark.parametrize('name', [101, 0.1 + 0.2, 1.5, 123456789012])
def test_a_body_name_typed_as_a_number_is_refused(workdir, name):
    "#19: Excel shows a number cell as its format says (0.1+0.2 as 0.3): the name read could differ from the one seen."
    _numbers_xlsx('b.xlsx', ['body', 'population', 'sc', 'st', 'bc'], [['A', 100, 1, 1, 1], [name, 200, 2, 2, 2]])
    with pytest.raises(InputError) as e: load_bodies('b.xlsx')
    assert (e.value.file, e.value.row, e.value.column) == ('b.xlsx', 3, 'body')
    assert "cell A3 is a number (" in str(e.value) and 'format the column as Text' in str(e.value)


def test_a_division_typed_as_a_number_is_refused_and_text_digits_are_names(workdir):
    head = ['body', 'population', 'sc', 'st', 'bc', 'women', 'division']
    _numbers_xlsx('b.xlsx', head, [['A', 100, 1, 1, 1, 50, 'North'], ['B', 200, 2, 2, 2, 90, 7]])
    with pytest.raises(InputError) as e: load_bodies('b.xlsx', head[1:])
    assert (e.value.row, e.value.column) == (3, 'division') and 'cell G3 is a number (7)' in str(e.value)
    _numbers_xlsx('b.xlsx', head, [['101', 100, 1, 1, 1, 50, 'North'], ['0.3', 200, 2, 2, 2, 90, '7']])   # text cells: names
    df = load_bodies('b.xlsx', head[1:])
    assert list(df.body) == ['101', '0.3'] and list(df.division) == ['North', '7']


def test_input_error_keeps_the_reason_apart_from_what_follows():
    e = InputError('blank division', file='b.csv', row=3, column='division', more=': the reading in force allots by divisions')
    assert e.reason == 'blank division' and e.message == 'blank division: the reading in force allots by divisions'
    assert str(e) == "b.csv, row 3, column 'division': blank division: the reading in force allots by divisions"
    assert InputError('x').reason == InputError('x').message == 'x'


def test_without_attrs_shares_the_columns_and_leaves_the_table_as_it_was():
    from reservation_law.core.bodies import without_attrs, origin
    df = load_bodies(pd.DataFrame({'body': ['A', 'B'], 'population': [100, 200], 'sc': [1, 2], 'st': [0, 0], 'bc': [5, 5]}))
    plain = without_attrs(df)
    assert plain.attrs == {} and df.attrs['origin'] is origin(df) and origin(df).lines == (2, 3)
    assert plain.equals(df) and plain['sc'].attrs == {}
    assert without_attrs(plain) is plain


class _NoCopy:
    "A value that refuses to be deep-copied: in a table's `attrs`, it shows where pandas would copy them."
    def __deepcopy__(self, memo): raise AssertionError("the table's attrs were deep-copied")


def test_a_previous_allotments_record_is_never_copied_into_the_columns_read():
    """A previous allotment carries its record in `attrs` (at 100,000 corporations the walks' lists of names: pandas
    deep-copies `attrs` into every column read, about 0.1 s each). `without_attrs`, `load_previous` and both Mayors'
    statutes read its columns without copying it."""
    import reservation_law as rl
    from reservation_law.core.bodies import without_attrs
    from reservation_law.core.bodies import example_path
    from reservation_law.procedures.allot import load_previous
    df = load_bodies(example_path('up_corporations_17_bc_illustrative.csv'))
    for sid in ('up-mayor-1994', 'up-mayor-2023'):
        first = rl.get(sid)(df)
        prev = first.table[['body', 'category']].copy()
        prev.attrs['record'] = dict(first.record, trap=_NoCopy())
        with pytest.raises(AssertionError, match='deep-copied'): prev['body']      # the trap works
        assert without_attrs(prev).attrs == {}
        again = rl.get(sid)(df, previous=prev)
        checked = load_previous(prev, rl.get(sid).codes, names=df['body'].tolist())
        assert checked.attrs['record']['trap'] is prev.attrs['record']['trap']
        assert rl.get(sid)(df, previous=checked).table.equals(again.table)



_TRICKY = st.text(alphabet=st.sampled_from(list('[]{}"\\:, ab') + ['≈', '\u00a0', '\n', '😀']), max_size=6)
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | _TRICKY,
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TRICKY, inner, max_size=4), max_leaves=40)


def _depth_by_recursion(v) -> int:
    "The definition: a scalar is 1 deep; an object or a list one more than its deepest value (1 if empty)."
    children = list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else None
    return 1 if children is None else 1 + max((_depth_by_recursion(w) for w in children if isinstance(w, (dict, list))), default=0)


@settings(max_examples=600, deadline=None)
@given(value=_JSON, limit=st.integers(1, 8))
def test_the_depth_of_a_json_value_is_its_nesting(value, limit):
    "read_json's depth check: the depth as the recursive definition gives it, or past `limit` where that is."
    from reservation_law.core.bodies import _depth
    v = json.loads(json.dumps(value))                  # as json.loads gives it
    d = _depth_by_recursion(v)
    assert _depth(v, 10**6) == d
    assert _depth(v, limit) == d if d <= limit else _depth(v, limit) > limit


@pytest.mark.parametrize('twin', ['\u0455\u0441', '\uff53\uff43', 's\u200dc'])
def test_a_column_named_like_another_is_refused(workdir, twin):
    "A Cyrillic, full-width or joined copy of a column's name beside it: a spreadsheet shows two columns of one name."
    (workdir / 'b.csv').write_text(f'body,population,sc,st,bc,{twin}\nA,100,10,0,0,99\nB,200,20,0,0,1\n', encoding='utf-8')
    with pytest.raises(InputError, match='look alike') as e: load_bodies('b.csv')
    assert e.value.row == 1


@pytest.mark.parametrize('dtype', [object, 'str'])
@pytest.mark.parametrize('text, want', [('ok\x1b[2J', 'control character (U+001B'), ('x' * 40_000, 'more than the 32,767')])
def test_a_pass_through_text_given_as_a_dataframe_is_checked_whatever_its_dtype(text, want, dtype):
    """A column passed through to the output is checked as one read from a file is, also as pandas' own text dtype (`str`,
    the default of pandas 3 for a column of strings): a DataFrame given to the API was let through unchecked."""
    df = pd.DataFrame({'body': ['A', 'B', 'C'], 'population': [100, 200, 300], 'sc': [1, 2, 3], 'st': [0, 0, 0], 'bc': [1, 1, 1],
                       'note': pd.Series(['ok', text, None], dtype=dtype)})
    with pytest.raises(InputError, match=re.escape(want)) as e: load_bodies(df)
    assert (e.value.row, e.value.column, e.value.body) == (3, 'note', 'B')
