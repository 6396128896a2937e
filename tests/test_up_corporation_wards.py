"Seats in a U.P. corporation, s.7(1), (3), (4): properties over random inputs."
from fractions import Fraction
import math
from hypothesis import given, settings, HealthCheck
from strategies import bodies as bodies_st
import reservation_law as rl
from reservation_law.up_corporation_wards import CODES

MANY = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@MANY
@given(df=bodies_st(seats=True))
def test_seat_counts(df):
    res = rl.seats('up-corporation-wards', df)
    t = res.table
    assert list(t.columns) == ['body', 'seats'] + CODES and list(t.body) == list(df.body)
    conflict = {b for w in res.warnings for b in w.bodies}
    src = df.set_index('body')
    for r in t.to_dict('records'):
        s, p = int(src.loc[r['body'], 'seats']), int(src.loc[r['body'], 'population'])
        for g, col in (('SC', 'sc'), ('ST', 'st'), ('BC', 'bc')):
            k = r[g] + r[g + '-W']
            x = Fraction(s * int(src.loc[r['body'], col]), p)
            if g == 'BC':
                assert k == min(math.floor(x + Fraction(1, 2)), math.floor(Fraction(27 * s, 100)))
            else:
                assert k == math.floor(x + Fraction(1, 2))               # nearest, exact half up
            assert r[g + '-W'] == math.ceil(Fraction(k, 3))               # s.7(3)
        if r['body'] not in conflict:
            assert sum(r[c] for c in CODES) == s
            assert r['SC-W'] + r['ST-W'] + r['BC-W'] + r['W'] >= Fraction(s, 3)   # s.7(4)


def test_half_down_interpretation_changes_only_exact_halves():
    import pandas as pd
    df = pd.DataFrame({'body': ['A'], 'population': [1000], 'sc': [75], 'st': [0], 'bc': [0], 'seats': [60]})
    assert rl.seats('up-corporation-wards', df).table.loc[0, ['SC', 'SC-W']].sum() == 5
    assert rl.seats('up-corporation-wards', df, interpretations={'half': 'down'}).table.loc[0, ['SC', 'SC-W']].sum() == 4
