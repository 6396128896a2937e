"""A DataFrame given to the API (pandas in) is held to what a file is: the cases of a hostile-input hunt of the API path
(0.8.3). Each test failed on 0.8.2, silently wrong or with an exception that was not an `InputError`."""
import datetime, io, json, warnings
import numpy as np
import pandas as pd
import pytest
import reservation_law as rl
from reservation_law.core.bodies import InputError, example_path, load_bodies
from reservation_law.record.writers import csv_bytes, xlsx_bytes

BASE = pd.read_csv(example_path('up_corporations_17_bc_illustrative.csv'))      # BC figures illustrative
M = 'up-mayor-2023'


@pytest.mark.parametrize('column', [pd.Categorical(['line1\rline2'] + ['ok'] * 16),
                                    pd.Series([np.str_('x\x1b[2J')] + [np.str_('ok')] * 16, dtype=object)],
                         ids=['a Categorical with a CR', 'NumPy str with ESC'])
def test_a_pass_through_text_of_any_dtype_is_checked(column):
    "A Categorical column or one of NumPy's str is text too: a CR in it would end the CSV's row for a reader."
    with pytest.raises(InputError, match='control character') as e: rl.allot(M, BASE.assign(note=column))
    assert (e.value.row, e.value.column) == (2, 'note')


def test_a_gap_or_an_infinite_number_passed_through_is_json_the_tool_reads_back(workdir):
    "NaN in a pass-through column (pandas' str column with an empty cell) was written as NaN, which JSON has not."
    from reservation_law.record.exhibit import write_exhibit
    df = pd.read_csv(io.StringIO(BASE.assign(district=['D'] * 16 + [None], x=[float('inf')] * 17).to_csv(index=False)))
    write_exhibit(rl.allot(M, df), 'r.json')
    rows = json.loads((workdir / 'r.json').read_text(encoding='utf-8'), parse_constant=lambda c: pytest.fail(f'{c} in JSON'))['table']
    assert (rows[-1]['district'], rows[0]['x']) == (None, 'inf')
    again = rl.allot(M, df, previous='r.json', previous_date=datetime.date(2023, 5, 4))
    assert len(again.table) == 17


def test_order_reads_the_checked_table_of_a_dataframe():
    "A name cleaned (a trailing space) and a column label with a space: the Hindi name given is printed, not the bundled one."
    from reservation_law.procedures.order import allotment_order
    df = BASE.assign(body=['Agra '] + list(BASE.body[1:]), **{' name_hi': ['आगरा (नया)'] + [''] * 16})
    o = allotment_order(M, df, datetime.date(2023, 3, 30))
    assert o.table.set_index('body').loc['Agra', 'name_hi'] == 'आगरा (नया)'
    with pytest.raises(InputError): allotment_order(M, BASE.rename(columns={'body': 'Body '}).assign(Body='x'), datetime.date(2023, 3, 30))


@pytest.mark.parametrize('call, column, says', [
    (lambda: rl.seats('up-corporation-wards', BASE.assign(seats=80, W='x')), 'W', "is a column of the output"),
    (lambda: rl.seats('up-corporation-wards', BASE.assign(seats=80, **{'sc total': 1})), 'sc total', "could be read as the output's column 'SC total'"),
    (lambda: rl.allot(M, BASE.assign(Category='x')), 'Category', "could be read as the output's column 'category'"),
    (lambda: rl.allot(M, BASE.assign(**{'ｃａｔｅｇｏｒｙ': 'x'})), 'ｃａｔｅｇｏｒｙ', "could be read as the output's column 'category'")])
def test_a_user_column_that_could_be_read_as_an_output_column_is_refused(call, column, says):
    "A seats table's `W` was dropped in silence; `Category` stood beside the tool's `category`."
    with pytest.raises(InputError, match=says) as e: call()
    assert e.value.column == column


def test_a_council_s_member_columns_are_shown_once_not_refused():
    "The columns a statute reads and shows itself (a council's nominated members) are not the user's own: shown once."
    res = rl.seats('municipal-council', str(example_path('karnataka_councils.csv')))
    assert list(res.table.columns).count('nominated') == 1


def test_a_csv_cell_that_is_not_a_number_is_text_neutralised_and_a_gap_empty():
    "A negative duration is written as its text, which begins with '-': neutralised as a formula-like text is."
    t = pd.DataFrame({'body': ['A', 'B'], 'd': pd.to_timedelta([-8, 1], unit='D'), 'n': pd.array([pd.NA, 2], dtype='Int64'),
                      'f': [-1.5, float('-inf')], 'i': pd.Series([np.int64(-5), np.int64(3)], dtype=object)})
    rows = csv_bytes(t).decode().splitlines()        # a negative number stays a number, a NumPy integer too
    assert rows[1] == "A,'-8 days +00:00:00,,-1.5,-5" and rows[2] == "B,1 days 00:00:00,2,'-inf,3", rows


def test_an_infinite_number_in_a_workbook_is_its_text():
    "XlsxWriter refuses an infinite number (an internal error): written as its text."
    assert xlsx_bytes(rl.allot(M, BASE.assign(x=[float('inf')] * 17)))[:2] == b'PK'


def test_an_old_module_path_called_says_it_is_a_module():
    "`rl.order(...)`, a module of the paths before 0.5.0 (deprecated), looked for a function `order` there is none of."
    with warnings.catch_warnings(), pytest.raises(TypeError, match='allotment_order'):
        warnings.simplefilter('ignore', DeprecationWarning)
        rl.order(M, BASE)
    assert callable(rl.check) and len(rl.check(M, BASE.drop(columns=['bc']).assign(bc=0), BASE[['body']].assign(category='UR')).readings)


@pytest.mark.parametrize('bad', [{'body': ['A']}, [1, 2], None, b'x.csv', '', pd.Series([1])], ids=repr)
def test_bodies_or_previous_that_is_neither_a_dataframe_nor_a_path_is_refused(bad):
    with pytest.raises(InputError, match='must be a pandas DataFrame or the path of a file|no file named'): rl.allot(M, bad)
    if bad is not None:
        with pytest.raises(InputError, match='previous allotment'): rl.allot(M, BASE, previous=bad)


def test_numpy_integers_are_counts_and_names():
    "A count cell of NumPy's int64 (an object column) was 'not a number'; a name of it 'not text', where Python's are taken."
    df = BASE.assign(sc=pd.Series([np.int64(v) for v in BASE.sc], dtype=object))
    assert rl.allot(M, df).table['category'].tolist() == rl.allot(M, BASE).table['category'].tolist()
    assert load_bodies(BASE.assign(body=pd.Series([np.int64(i) for i in range(17)], dtype=object)))['body'].tolist()[:2] == ['0', '1']


@pytest.mark.parametrize('column, says', [('sc', 'empty cell'), ('body', 'blank body name')])
def test_pandas_na_is_an_empty_cell(column, says):
    df = BASE.assign(**{column: pd.Series([pd.NA] + list(BASE[column][1:]), dtype=object)})
    with pytest.raises(InputError, match=says) as e: load_bodies(df)
    assert (e.value.row, e.value.column) == (2, column)


def test_a_copy_of_a_bundled_file_that_is_no_longer_it_still_says_its_figures_are_illustrative(workdir):
    """The label was given by the hash of the file (or of the frame) only: a copy with its columns re-ordered, a label's
    case changed or a figure re-typed lost it. Now said for the bodies that carry the bundled file's BC figures, a file
    given to the command line too; real figures (the Census's, BC zero) are not said to be illustrative."""
    from reservation_law.cli import run
    edited = BASE.iloc[:, ::-1].rename(columns={'body': 'Body'}).assign(bc=[BASE.bc[0] + 1, *BASE.bc[1:]])
    for res in (rl.allot(M, edited), rl.allot(M, pd.read_csv(example_path('up_corporations_17_bc_illustrative.csv'), dtype={'bc': float}))):
        said = res.provenance['illustrative']
        assert len(said) == 1 and said[0].startswith('ILLUSTRATIVE: the bodies input carries, for ') and 'BC figures' in said[0]
    assert rl.allot(M, edited).provenance['inputs'][0]['carries']['bodies'] == 16
    edited.to_csv('mine.csv', index=False)
    out, err = io.StringIO(), io.StringIO()
    assert run(['allot', M, 'mine.csv', '-o', 'out.json'], out, err) == 0, err.getvalue()
    assert json.loads((workdir / 'out.json').read_text(encoding='utf-8'))['provenance']['inputs'][0]['carries']['bodies'] == 16
    census = pd.read_csv(example_path('census2011_up_corporations_17.csv')).assign(bc=0)
    assert rl.allot(M, census).provenance['illustrative'] == [] and rl.allot(M, BASE.assign(bc=BASE.bc + 1)).provenance['illustrative'] == []


def test_a_dataframe_s_attrs_are_read_for_what_they_are():
    """A previous allotment's `attrs['election_date']` given as a date is read as its text form is (it was ignored); a
    `sheet` in a bodies frame's attrs that is no sheet's name is not recorded as the sheet read."""
    first = rl.allot(M, BASE, election_date=datetime.date(2017, 11, 22))
    prev = first.table[['body', 'category']].copy()
    prev.attrs.update(record=first.record, election_date=datetime.date(2017, 11, 22))
    res = rl.allot(M, BASE, previous=prev, election_date=datetime.date(2023, 5, 4))
    assert any('22 November 2017' in a and 'saved result records' in a for a in res.assumptions), res.assumptions
    odd = BASE.copy(); odd.attrs['sheet'] = ['x']
    assert 'sheet' not in rl.allot(M, odd).provenance['parameters']


def test_a_file_s_table_is_looked_at_again_only_while_the_file_is_unchanged(workdir):
    "The provenance's second look at a bodies file uses the table just read, never one of a file rewritten since."
    from reservation_law.core.bodies import read_again
    BASE.to_csv('b.csv', index=False)
    assert read_again('b.csv') is None                       # not read yet
    first = load_bodies('b.csv')
    assert read_again('b.csv')['body'].tolist() == first['body'].tolist()
    BASE.assign(bc=0).to_csv('b.csv', index=False)            # rewritten
    assert read_again('b.csv') is None
    assert rl.allot(M, 'b.csv').provenance['illustrative'] == []     # read afresh: no BC figure of the bundled file
