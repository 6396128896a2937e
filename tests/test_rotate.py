"`rotate` and `reservation-law rotate`: chains of elections, fed back as CSV (record inferred) or with their record."
import io
from datetime import date
import pandas as pd
import pytest
import reservation_law as rl
from reservation_law.rotate import rotate, Rotation
from reservation_law.cli import run
from reservation_law.bodies import example_path

REAL = example_path('up_corporations_17_bc_illustrative.csv')
AF = pd.DataFrame({'body': list('ABCDEF'), 'population': 1000, 'sc': [600, 550, 500, 450, 400, 500], 'st': 0, 'bc': 300})


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    return run(list(argv), out, err), out.getvalue(), err.getvalue()


def test_rotate_a_to_f():
    rot = rotate('up-mayor-1994', AF, 4, interpretations={'rotation': 'cyclic'})
    assert isinstance(rot, Rotation) and len(rot.results) == 4
    assert list(rot.table.columns) == ['body', '1', '2', '3', '4']
    assert rot.table.set_index('body').loc['D'].tolist() == ['UR', 'SC-W', 'SC', 'UR']
    assert sorted(rot.conflicts) == [('A', 1), ('C', 3), ('D', 2)]
    assert '=== election 4 of 4' in rot.explain() and rot.explain().count('Produced by reservation_law ') == 4
    # each election was fed the one before with its record: nothing inferred
    assert not any('no record' in a for r in rot.results[1:] for a in r.assumptions)


@pytest.mark.parametrize('sid,extra', [('up-mayor-1994', {}), ('up-mayor-2023', {'article-334': 'extended'})])
def test_a_chain_restarted_from_a_csv_continues_it(sid, extra, tmp_path):
    "Fed back through --previous as CSV (no record), the bundled chain goes on as it would have."
    dates = [date(2023 + 5 * i, 5, 4) for i in range(6)] if sid.endswith('2023') else None
    full = rotate(sid, REAL, 6, dates=dates, interpretations=extra)
    full.results[2].table[['body', 'category']].to_csv(tmp_path / 'e3.csv', index=False)
    args = ['rotate', sid, str(REAL), '--elections', '3', '--previous', str(tmp_path / 'e3.csv'), '-o', str(tmp_path / 'out.csv')]
    args += [x for k, v in extra.items() for x in ('-i', f'{k}={v}')]
    if dates: args += ['--previous-date', f'{dates[2]}', '--dates', ','.join(f'{d}' for d in dates[3:])]
    status, _, err = cli(*args)
    assert status == 0, err
    out = pd.read_csv(tmp_path / 'out.csv')
    assert list(out.columns) == ['body', '1', '2', '3']
    assert out[['1', '2', '3']].to_numpy().tolist() == full.table[['4', '5', '6']].to_numpy().tolist()


def test_the_record_is_used_when_the_statute_gets_it():
    "What the lead's JSON previous will hand on: Result.record in previous.attrs['record'] (statute functions take it now)."
    for sid in ('up-mayor-1994', 'up-mayor-2023'):
        f = rl.get(sid).func
        first = f(rl.load_bodies(REAL))
        prev = first.table[['body', 'category']].copy()
        prev.attrs['record'] = first.record
        second = f(rl.load_bodies(REAL), previous=prev, previous_date=date(2028, 5, 4) if sid.endswith('2023') else None)
        assert not any('no record' in a for a in second.assumptions)
        assert second.record['rotation']['statute'] == sid
        cut = prev.copy(); cut.attrs = {}
        assert any('no record' in a for a in f(rl.load_bodies(REAL), previous=cut, previous_date=date(2028, 5, 4) if sid.endswith('2023') else None).assumptions)


def test_allot_hands_the_record_on():
    first = rl.allot('up-mayor-1994', REAL)
    prev = first.table[['body', 'category']].copy()
    prev.attrs['record'] = first.record
    assert not any('no record' in a for a in rl.allot('up-mayor-1994', REAL, previous=prev).assumptions)


def test_rotate_command_writes_the_chain_the_picture_and_the_explanation(tmp_path):
    status, out, err = cli('rotate', 'up-mayor-2023', str(REAL), '--elections', '2', '--dates', '2023-05-04,2028-05-04',
                           '-o', str(tmp_path / 'c.xlsx'), '--picture', str(tmp_path / 'c.png'), '--explain')
    assert status == 0, err
    assert list(pd.read_excel(tmp_path / 'c.xlsx').columns) == ['body', '1', '2']
    assert (tmp_path / 'c.png').stat().st_size > 1000
    assert '=== election 2 of 2 (2: 2028-05-04)' in out and "last time's walk of SC ended" in out
    assert 'up-mayor-2023, 2 election(s) of 17 bodies' in err
    status, out, err = cli('rotate', 'up-mayor-1994', str(REAL), '--elections', '2')
    assert status == 0 and out.splitlines()[0] == 'body,1,2' and len(out.splitlines()) == 18


@pytest.mark.parametrize('argv,needle', [
    (['--elections', '0'], '--elections must be at least 1'),
    (['--elections', '3', '--dates', '2023-05-04,2028-05-04'], 'give one for each election'),
    (['--elections', '2', '--dates', '2028-05-04,2023-05-04'], 'date order'),
    (['--elections', '2', '--dates', '2023-13-01,2028-05-04'], 'not a date'),
    (['--elections', '2', '-i', 'rotation=cyclic'], "no interpretation 'rotation'"),
    (['--elections', '2', '--picture', 'x.pdf'], '.png'),
])
def test_rotate_command_refuses_bad_arguments_with_one_error_line(argv, needle):
    status, out, err = cli('rotate', 'up-mayor-2023', str(REAL), *argv)
    assert status == 2 and err.startswith('error:') and needle in err and len(err.strip().splitlines()) == 1, err


def test_rotate_command_refuses_a_seats_statute_and_bad_input(tmp_path):
    status, _, err = cli('rotate', 'municipal-council', str(REAL), '--elections', '2')
    assert status == 2 and 'seats inside bodies' in err
    bad = tmp_path / 'bad.csv'
    bad.write_text('body,population,sc,st,bc\nA,100,200,0,0\n', encoding='utf-8')
    status, _, err = cli('rotate', 'up-mayor-1994', str(bad), '--elections', '2')
    assert status == 2 and err.startswith('error:') and 'bad.csv' in err
