"`rotate` and `reservation-law rotate`: chains of elections, fed back as CSV (record inferred) or with their record."
import io
from datetime import date
import pandas as pd
import pytest
import reservation_law as rl
from reservation_law.procedures.rotate import rotate, Rotation
from reservation_law.cli import run
from reservation_law.core.bodies import example_path

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


@pytest.mark.parametrize('sid,extra,fmt', [('up-mayor-1994', {'previous-election': 'last'}, 'csv'), ('up-mayor-1994', {}, 'json'),
                                            ('up-mayor-2023', {'article-334': 'extended'}, 'json')])
def test_a_chain_restarted_from_its_previous_continues_it(sid, extra, fmt, tmp_path):
    """Fed back through --previous, the bundled chain goes on as it would have: from a CSV (no record) under the 1994
    text read with the bar of the last election only, whose walk start is inferred; from the JSON result (with its record:
    the round of the cycle under the 1994 text, who is owed a turn under the 2023 text)."""
    from reservation_law.core.json import to_json
    dates = [date(2023 + 5 * i, 5, 4) for i in range(6)] if sid.endswith('2023') else None
    full = rotate(sid, REAL, 6, dates=dates, interpretations=extra)
    src = tmp_path / f'e3.{fmt}'
    if fmt == 'csv': full.results[2].table[['body', 'category']].to_csv(src, index=False)
    else: src.write_text(to_json(full.results[2]), encoding='utf-8')
    args = ['rotate', sid, str(REAL), '--elections', '3', '--previous', str(src), '-o', str(tmp_path / 'out.csv')]
    args += [x for k, v in extra.items() for x in ('-i', f'{k}={v}')]
    if dates: args += ['--previous-date', f'{dates[2]}', '--dates', ','.join(f'{d}' for d in dates[3:])]
    status, _, err = cli(*args)
    assert status == 0, err
    out = pd.read_csv(tmp_path / 'out.csv')
    assert list(out.columns) == ['body', '1', '2', '3']
    assert out[['1', '2', '3']].to_numpy().tolist() == full.table[['4', '5', '6']].to_numpy().tolist()


def test_a_2023_chain_restarted_from_a_csv_says_what_it_lost():
    "A CSV has no record: who is owed a turn is inferred from the categories, and the result says so."
    dates = [date(2023 + 5 * i, 5, 4) for i in range(4)]
    full = rotate('up-mayor-2023', REAL, 4, dates=dates, interpretations={'article-334': 'extended'})
    again = rotate('up-mayor-2023', REAL, 1, previous=full.results[2].table[['body', 'category']], previous_date=dates[2],
                   dates=dates[3:], interpretations={'article-334': 'extended'})
    assert any('to have been passed over by a bar of (f) and to be owed a turn' in a for a in again.results[0].assumptions)


def test_rotate_dates_its_own_elections():
    """Issue #16: without --dates the chain assumes a five-year cycle and says which elections fall before the end of the
    Article 334 period; none after it reserves SC or ST (as-enacted); its own elections raise no --previous-date warning."""
    rot = rotate('up-mayor-2023', REAL, 10)
    assert not any('previous-date' in w.message for _, w in rot.warnings())
    assert 'election(s) 1–2 fall within the period of Article 334' in rot.notes[0] and 'election(s) 3–10 after it' in rot.notes[0]
    t = rot.table.set_index('body')
    assert t[['1', '2']].isin(['SC', 'SC-W']).any().all() and not t[[str(i) for i in range(3, 11)]].isin(['SC', 'SC-W', 'ST', 'ST-W']).any().any()
    assert 'Assumed for the chain: ' in rot.explain()
    ext = rotate('up-mayor-2023', REAL, 10, interpretations={'article-334': 'extended'}, first_date=date(2023, 5, 4))
    assert ext.table.set_index('body')['10'].isin(['SC', 'SC-W']).any() and 'from --first-date' in ext.notes[0]
    status, _, err = cli('rotate', 'up-mayor-2023', str(REAL), '--elections', '3')
    assert status == 0 and 'assumed: ' in err and '--previous-date' not in err and 'election(s) 3 after it' in err
    # every option a warning of the command names is one the command takes
    import re
    for opt in set(re.findall(r'(--[a-z][a-z-]+)', err)):
        assert opt in cli('rotate', '--help')[1], opt
    status, _, err = cli('rotate', 'up-mayor-2023', str(REAL), '--elections', '2', '--first-date', '2023-05-04',
                         '--dates', '2023-05-04,2028-05-04')
    assert status == 2 and 'not both' in err
    for dates in ('2023-05-04,,2028-05-04', '2023-05-04,2028-05-04,'):        # an empty item: refused, never dropped
        status, _, err = cli('rotate', 'up-mayor-2023', str(REAL), '--elections', '2', '--dates', dates)
        assert status == 2 and 'is empty' in err, err


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


SIX = pd.DataFrame({'body': list('ABCDEF'), 'population': 1000, 'sc': [240, 230, 220, 210, 200, 190], 'st': 0,
                    'bc': [100, 120, 140, 160, 180, 200]})


def test_a_chain_that_leaves_corporations_out_says_so(workdir):
    """Under the 1994 text with the bar of the last election only, (f)'s fixed start leaves B, D and F out of SC for good:
    said, by name, on the command line too. Under the default (previous-election=this-round) no one is left out."""
    from reservation_law.procedures.rotate import shut_out
    assert not shut_out(rotate('up-mayor-1994', SIX, 24, interpretations={'article-334': 'extended'}))
    rot = rotate('up-mayor-1994', SIX, 24, interpretations={'article-334': 'extended', 'previous-election': 'last'})
    sc = [w for w in shut_out(rot) if 'reserve SC' in w.message]
    assert [w.bodies for w in sc] == [('B', 'D', 'F')] and sc[0].clause == 's.7(5)(1)(f)'
    never = [b for b in SIX.body if not rot.table.set_index('body').loc[b].isin(['SC', 'SC-W']).any()]
    assert never == ['B', 'D', 'F']                                   # recomputed from the chain itself
    assert not [w for w in shut_out(rotate('up-mayor-2023', SIX, 24, interpretations={'article-334': 'extended'}))
                if 'reserve SC' in w.message]
    SIX.to_csv('six.csv', index=False)
    code, out, err = cli('rotate', 'up-mayor-1994', 'six.csv', '--elections', '24', '-i', 'article-334=extended',
                         '-i', 'previous-election=last', '-o', 'c.csv')
    assert code == 0 and "warning: chain: gap — s.7(5)(1)(f)" in err and '[bodies: B, D, F]' in err
