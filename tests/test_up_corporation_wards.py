"Seats in a U.P. corporation, s.7(1), (3), (4): properties over random inputs."
from fractions import Fraction
import math
import pandas as pd
import pytest
from itertools import islice
from hypothesis import given, settings, HealthCheck, strategies as st
from strategies import bodies as bodies_st
import reservation_law as rl
from reservation_law.statutes.up_corporation_wards import CODES, corporation_seats, up_corporation_wards

MANY = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check_seat_counts(df, res):
    "s.7(1), (3), (4) against independent exact arithmetic, corporation by corporation (half=down, the default since 0.4.0)." 
    t = res.table
    assert list(t.columns) == ['body', 'seats'] + CODES + ['SC total', 'ST total', 'BC total', 'women total'] and list(t.body) == list(df.body)
    conflict = {b for w in res.warnings for b in w.bodies}
    recs = [dict(zip(t.columns, v)) for v in zip(*(t[c].tolist() for c in t.columns))]
    for r, s, p, *grp in zip(recs, df.seats, df.population, df.sc, df.st, df.bc):
        s, p = int(s), int(p)
        for (g, n) in zip(('SC', 'ST', 'BC'), grp):
            k = r[g] + r[g + '-W']
            x = Fraction(s * int(n), p)
            if g == 'BC':
                assert k == min(math.ceil(x - Fraction(1, 2)), math.floor(Fraction(27 * s, 100)))
            else:
                assert k == math.ceil(x - Fraction(1, 2))                # nearest, exact half down
            assert r[g + '-W'] == math.ceil(Fraction(k, 3))               # s.7(3)
        if r['body'] not in conflict:
            assert sum(r[c] for c in CODES) == s
            assert r['SC-W'] + r['ST-W'] + r['BC-W'] + r['W'] >= Fraction(s, 3)   # s.7(4)


def _check_row_by_row(df, res, half):
    "The statute computes whole columns at once: each row, its warnings and steps must still be corporation_seats'." 
    rows = [corporation_seats(b, int(s), int(p), int(a), int(c), int(d), half)
            for b, s, p, a, c, d in zip(df.body, df.seats, df.population, df.sc, df.st, df.bc)]
    assert [list(v) for v in zip(*(res.table[c].tolist() for c in CODES))] == [list(r.values()) for r, _, _ in rows]
    assert [str(w) for w in res.warnings] == [str(w) for _, _, ws in rows for w in ws]
    assert list(islice(res.steps, len(rows[0][1]))) == rows[0][1]      # the steps: rendered by corporation_seats itself


# One table per example feeds both checks (each on 2,000 tables; a second allotment only where half=up is drawn).
# Twelve corporations at most: every property here is per corporation, and the columns are computed all at once.
@MANY
@given(df=bodies_st(max_size=12, seats=True), half=st.sampled_from(['up', 'down']))
def test_seat_counts_and_columns(df, half):
    res = rl.seats('up-corporation-wards', df)
    _check_seat_counts(df, res)
    _check_row_by_row(df, res if half == 'down' else rl.seats('up-corporation-wards', df, interpretations={'half': half}), half)


def test_half_interpretation_changes_only_exact_halves():
    "Issue #16: an exact half goes down by default (read with s.7(5)(1)(b)(i)); half=up keeps the rule before 0.4.0."
    import pandas as pd
    df = pd.DataFrame({'body': ['A'], 'population': [1000], 'sc': [75], 'st': [0], 'bc': [0], 'seats': [60]})
    assert rl.get('up-corporation-wards').resolve()['half'] == 'down'
    res = rl.seats('up-corporation-wards', df)
    assert res.table.loc[0, ['SC', 'SC-W']].sum() == 4 and any("rounded down (interpretation half='down')" in w.message for w in res.warnings)
    assert rl.seats('up-corporation-wards', df, interpretations={'half': 'up'}).table.loc[0, ['SC', 'SC-W']].sum() == 5


@pytest.mark.parametrize('half', ['down', 'up'])
def test_an_exact_half_is_warned_only_where_the_other_reading_gives_another_count(half):
    "BC 27/2 of 50 seats: the cap of 27 % is 13 either way, so `half` changes nothing and nothing is warned; 25/2 is warned."
    df = pd.DataFrame([('D', 1000, 100, 0, 270, 50), ('E', 1000, 100, 0, 250, 50)],
                      columns=['body', 'population', 'sc', 'st', 'bc', 'seats'])
    res = up_corporation_wards(df, {'half': half})
    said = {b for w in res.warnings if w.kind == 'interpretation' for b in w.bodies}
    assert said == {'E'}, [str(w) for w in res.warnings]
    assert res.table.set_index('body').loc['D', ['BC', 'BC-W']].sum() == 13
    for body in ('D', 'E'):                                        # the column-wise statute and the one-by-one law agree
        row = df[df.body == body].iloc[0]
        _, _, ws = corporation_seats(body, *(int(row[c]) for c in ('seats', 'population', 'sc', 'st', 'bc')), half)
        assert (body in said) == any(w.kind == 'interpretation' for w in ws)


@pytest.mark.parametrize('seats, want', [(0, 'seats is zero')])
def test_a_corporation_without_seats_is_refused(seats, want):
    """The seats a corporation's wards are counted from must be some: else the row is named. (More seats than people is
    absurd but not ambiguous: the arithmetic is the text's, and the properties draw such tables for its edges.)"""
    from reservation_law.core.bodies import load_bodies, InputError
    df = pd.DataFrame([('A', 1000, 100, 0, 200, 60), ('B', 1000, 100, 0, 200, seats)],
                      columns=['body', 'population', 'sc', 'st', 'bc', 'seats'])
    with pytest.raises(InputError, match=want) as e: load_bodies(df, ('population', 'sc', 'st', 'bc', 'seats'))
    assert (e.value.row, e.value.column) == (3, 'seats')
