"The reservation-law command: outputs, --explain, and errors that name file/row/column with nothing written."
import io, os, subprocess, sys
from pathlib import Path
import pandas as pd
import pytest
from reservation_law.cli import run
from reservation_law.core.bodies import example_path

EXAMPLE = str(example_path())
BIN = Path(sys.executable).parent / 'reservation-law'


def cli(*args):
    out, err = io.StringIO(), io.StringIO()
    code = run(list(args), out, err)
    return code, out.getvalue(), err.getvalue()


def test_statutes_lists_the_six_ids():
    code, out, _ = cli('statutes')
    assert code == 0
    ids = [l.split()[0] for l in out.splitlines() if l and not l.startswith(' ')]
    assert ids == ['up-mayor-1994', 'up-mayor-2023', 'up-corporation-wards', 'up-palika-parishads-2023',
                   'up-nagar-panchayats-2023', 'municipal-council']


def test_statutes_verbose_lists_interpretations_with_defaults():
    code, out, _ = cli('statutes', '--verbose')
    assert code == 0 and 'interpretation women-total' in out and '* one-third' in out


def test_the_columns_a_reading_does_not_use_are_said():
    "#19: the Nagar Panchayats' division is optional under nagar-panchayat-procedure=state: --verbose and --help say so."
    note = 'division is not used under nagar-panchayat-procedure=state, where it may be blank or absent'
    _, out, _ = cli('statutes', '--verbose')
    blocks = out.split('\nup-')
    assert [b.split()[0] for b in blocks if note in b] == ['nagar-panchayats-2023']
    p = subprocess.run([str(BIN), 'allot', '--help'], capture_output=True, text=True)
    lines = p.stdout.splitlines()
    at = next(i for i, l in enumerate(lines) if l.strip().startswith('up-nagar-panchayats-2023'))
    assert lines[at + 1].strip() == f'({note})'
    assert sum(note in l for l in lines) == 1


def test_allot_to_file_with_explain(workdir):
    code, out, err = cli('allot', 'up-mayor-2023', EXAMPLE, '-o', 'a.csv', '--explain')
    assert code == 0
    t = pd.read_csv('a.csv')
    assert list(t.columns[:2]) == ['body', 'category'] and len(t) == 17
    assert out.startswith('reservation_law ') and '[s.7(5)(1)(b)(i)]' in out
    assert 'up-mayor-2023, 17 bodies' in err


def test_allot_to_stdout_and_rotation(workdir):
    code, out, _ = cli('allot', 'up-mayor-2023', EXAMPLE)
    assert code == 0
    Path('prev.csv').write_text(out, encoding='utf-8')
    code, out2, err = cli('allot', 'up-mayor-2023', EXAMPLE, '--previous', 'prev.csv', '--previous-date', '2023-05-04')
    assert code == 0 and out2 != out and 'previous' in out2.splitlines()[0]


def test_xlsx_output(workdir):
    assert cli('allot', 'up-mayor-1994', EXAMPLE, '-o', 'a.xlsx')[0] == 0
    assert pd.read_excel('a.xlsx').shape[0] == 17


def test_seats_output_columns(workdir):
    code, _, _ = cli('seats', 'up-corporation-wards', EXAMPLE, '-o', 's.csv')
    t = pd.read_csv('s.csv')
    exclusive = ['SC', 'SC-W', 'ST', 'ST-W', 'BC', 'BC-W', 'W', 'UR']
    assert code == 0 and list(t.columns) == ['body', 'seats'] + exclusive + ['SC total', 'ST total', 'BC total', 'women total']
    assert (t[exclusive].sum(axis=1) == t.seats).all()
    assert (t['SC total'] == t['SC'] + t['SC-W']).all() and (t['women total'] == t[['SC-W', 'ST-W', 'BC-W', 'W']].sum(axis=1)).all()


@pytest.mark.parametrize('args,expected', [
    (('allot', 'up-mayor-1995', 'x.csv'), "error: unknown statute 'up-mayor-1995'"),
    (('allot', 'up-mayor-2023', 'missing.csv'), 'error: missing.csv: no such file'),
    (('allot', 'up-mayor-2023', 'bad.csv'), "error: bad.csv, row 3 (body 'B'), column 'sc': not a whole number: '2.5'"),
    (('allot', 'up-mayor-2023', 'good.csv', '--previous', 'prev.csv'), "error: prev.csv, row 2 (body 'A'), column 'category': unknown category 'SC-X'"),
    (('allot', 'up-mayor-2023', 'good.csv', '-i', 'percentage=nope'), "error: interpretation 'percentage' has no option 'nope'"),
    (('seats', 'up-mayor-2023', 'good.csv'), "error: statute 'up-mayor-2023' is used with `reservation-law allot`"),
    (('allot', 'up-mayor-2023', 'good.csv', '--previous-date', '2023-13-01'), 'error: argument --previous-date: not a date'),
    (('allot', 'up-mayor-2023', 'good.csv', '--previous-date', '20230513'), 'error: argument --previous-date: not a date'),
    (('allot', 'up-mayor-2023', 'good.csv', '--previous-date', '2023-05-13'), 'error: a date of the previous election was given but no previous allotment'),
    (('allot', 'up-mayor-2023', 'good.csv', '--previous', 'prev_ok.csv', '--previous-date', '2029-05-13', '--election-date', '2028-05-01'),
     'error: the previous election (13 May 2029) is not before this election (01 May 2028)'),
    (('allot', 'up-mayor-2023', 'good.csv', '--previous', 'prev_ka.csv'), "error: prev_ka.csv, row 2 (body 'A'), column 'category': unknown category 'BC-A'"),
])
def test_errors_exit_2_name_the_fault_and_write_nothing(workdir, args, expected):
    Path('good.csv').write_text('body,population,sc,st,bc\nA,100,10,1,20\nB,200,5,1,30\n', encoding='utf-8')
    Path('bad.csv').write_text('body,population,sc,st,bc\nA,100,10,1,20\nB,200,2.5,1,30\n', encoding='utf-8')
    Path('prev.csv').write_text('body,category\nA,SC-X\n', encoding='utf-8')
    Path('prev_ok.csv').write_text('body,category\nA,SC\nB,UR\n', encoding='utf-8')
    Path('prev_ka.csv').write_text('body,category\nA,BC-A\nB,UR\n', encoding='utf-8')
    Path('out.csv').write_text('untouched', encoding='utf-8')
    code, out, err = cli(*args, '-o', 'out.csv')
    assert code == 2
    assert err.splitlines()[0].startswith(expected), err
    assert Path('out.csv').read_text(encoding='utf-8') == 'untouched'
    assert sorted(os.listdir('.')) == ['bad.csv', 'good.csv', 'out.csv', 'prev.csv', 'prev_ka.csv', 'prev_ok.csv']  # no temporary left


def test_console_script_no_traceback(workdir):
    Path('bad.csv').write_text('body,population,sc,st,bc\nA,0,0,0,0\n', encoding='utf-8')
    p = subprocess.run([str(BIN), 'allot', 'up-mayor-2023', 'bad.csv', '-o', 'out.csv'], capture_output=True, text=True)
    assert p.returncode == 2 and 'Traceback' not in p.stderr
    assert p.stderr.startswith("error: bad.csv, row 2 (body 'A'), column 'population': population is zero")
    assert not Path('out.csv').exists()


def test_output_that_is_a_folder_or_an_input_is_refused(workdir):
    Path('good.csv').write_text('body,population,sc,st,bc\nA,100,10,1,20\nB,200,5,1,30\n', encoding='utf-8')
    Path('dir.csv').mkdir()
    code, _, err = cli('allot', 'up-mayor-2023', 'good.csv', '-o', 'dir.csv')
    assert code == 2 and err.startswith('error: dir.csv: is a folder')
    code, _, err = cli('allot', 'up-mayor-2023', 'good.csv', '-o', 'good.csv')
    assert code == 2 and err.startswith('error: the output good.csv is also an input')
    assert Path('good.csv').read_text(encoding='utf-8').startswith('body,population')


def test_unwritable_output_is_an_error_not_a_crash(workdir):
    Path('good.csv').write_text('body,population,sc,st,bc\nA,100,10,1,20\n', encoding='utf-8')
    code, _, err = cli('allot', 'up-mayor-2023', 'good.csv', '-o', '/proc/no-such-dir-here/x.csv')
    assert code == 2 and err.startswith('error: /proc/no-such-dir-here/x.csv')


DESCRIBING = [['--help'], ['--version'], ['statutes'], ['statutes', '--verbose'], ['allot', '--help'], ['seats', '--help'], ['verify', '--help'],
              ['rotate', '--help'], ['check', '--help'], ['explain', '--help'], ['order', '--help']]

@pytest.mark.parametrize('argv', DESCRIBING, ids=' '.join)
def test_describing_the_law_imports_no_pandas(argv):
    """The commands that only describe the law answer without importing pandas, numpy, matplotlib or an Excel library, and
    without the code of a statute or of a command (`core.catalogue` describes the statutes; each command imports its
    procedure when it runs)."""
    code = ("import sys, io; from reservation_law import cli; o = io.StringIO(); rc = cli.run(sys.argv[1:], stdout=o); "
            "heavy = [m for m in ('pandas', 'numpy', 'matplotlib', 'xlsxwriter', 'openpyxl') if m in sys.modules]; "
            "heavy += sorted(m for m in sys.modules if m.startswith(('reservation_law.procedures', 'reservation_law.statutes.'))); "
            "print(rc, len(o.getvalue()) > 40, heavy)")
    out = subprocess.run([sys.executable, '-c', code, *argv], capture_output=True, text=True, check=True).stdout.strip()
    assert out == '0 True []', out


@pytest.mark.parametrize('command', ['allot', 'check', 'explain', 'rotate'])
@pytest.mark.parametrize('rename', ['Agra=@Agra', 'Agra=Agra\u202e', 'Ag\x1bra=Agra', 'Agra=Ag\u200bra'])
def test_a_rename_to_or_from_what_cannot_be_a_name_is_bad_input(workdir, command, rename):
    "`--rename`'s names are held to what a name in a file is held to: refused, exit 2, naming the option; nothing written."
    bodies, draft = str(example_path('up_corporations_17_bc_illustrative.csv')), str(example_path('published_up_mayor_2023_03_30_draft.csv'))
    more = {'allot': [bodies], 'check': [bodies, draft], 'explain': [bodies, '--body', 'Agra'], 'rotate': [bodies, '-k', '1']}[command]
    code, out, err = cli(command, 'up-mayor-2023', *more, '--previous', draft, '--previous-date', '2023-05-04',
                         '--rename', rename, '-o', 'out.json')
    assert code == 2 and err.startswith('error: --rename: the '), (code, err)
    assert not Path('out.json').exists()


def test_an_empty_output_name_is_bad_input_not_the_standard_output(workdir):
    "`-o ''` (an empty variable in a script) names no file: refused, not taken as 'no -o'."
    code, out, err = cli('allot', 'up-mayor-2023', str(example_path('up_corporations_17_bc_illustrative.csv')), '-o', '')
    assert code == 2 and out == '' and '--output names no file' in err
