"The statutory rounding rules against independent integer arithmetic, over many shares (hypothesis)."
from fractions import Fraction
from hypothesis import given, strategies as st
from reservation_law.core.rounding import round_half_down, round_half_up, ceil_remainder, floor_bound, nearest, fmt_fraction

nums = st.integers(min_value=0, max_value=10**9)
dens = st.integers(min_value=1, max_value=10**7)


@given(nums, dens)
def test_round_half_down_is_long_division_with_half_ignored(a, b):
    q, r = divmod(a, b)
    assert round_half_down(Fraction(a, b)).value == (q + 1 if 2 * r > b else q)


@given(nums, dens)
def test_round_half_up_is_long_division_with_half_rounded_off_to_one(a, b):
    q, r = divmod(a, b)
    assert round_half_up(Fraction(a, b)).value == (q + 1 if 2 * r >= b else q)


@given(nums, dens)
def test_ceil_remainder_and_floor_bound(a, b):
    q, r = divmod(a, b)
    assert ceil_remainder(Fraction(a, b)).value == q + (r > 0)
    assert floor_bound(Fraction(a, b)).value == q


@given(nums, dens)
def test_nearest_is_within_half_and_agrees_with_the_half_rules(a, b):
    x = Fraction(a, b)
    up, down = nearest(x).value, nearest(x, half='down').value
    assert abs(up - x) <= Fraction(1, 2) and abs(down - x) <= Fraction(1, 2)
    assert up == round_half_up(x).value and down == round_half_down(x).value


@given(st.integers(min_value=0, max_value=10**6))
def test_the_exact_half_splits_the_rules(n):
    half = Fraction(2 * n + 1, 2)
    assert round_half_down(half).value == n and round_half_up(half).value == n + 1


@given(nums, dens)
def test_printed_decimal_digits_are_true_digits(a, b):
    s = fmt_fraction(Fraction(a, b)).replace(',', '')
    exact = not s.endswith('…')
    v = Fraction(s.rstrip('…'))
    assert v == Fraction(a, b) if exact else 0 <= Fraction(a, b) - v < Fraction(1, 10**4)
    assert exact == any(Fraction(a, b) * 10**k == int(Fraction(a, b) * 10**k) for k in range(7))   # exact iff it ends within 6 places
    assert not exact or '.' not in s or not s.endswith('0')                                      # then in the fewest places
    d = s.split('.')[1][:-1] if not exact else ''                # else 4 digits and '…'; more where 4 would read as whole or
    assert exact or len(d) == 4 or (len(d) > 4 and d[:-1].rstrip('0') in ('', '5') and d[-1] != '0')   # a half, to the first that does not
    assert fmt_fraction(-Fraction(a, b)) == ('-' + fmt_fraction(Fraction(a, b)) if a else '0')


def test_explain_names_rule_and_result():
    assert round_half_down(Fraction(2164, 1000), expr='17 × 2,164,000 / 17,000,000').explain() == \
        '17 × 2,164,000 / 17,000,000 = 2.164; remainder 0.164 is not more than half: ignored → 2'


# The arrangement's exact integer sort key (nbs/02_arrangement.ipynb) against Fraction comparison.
import pandas as pd
from hypothesis import settings
from reservation_law.core.arrangement import Arrangement, exact_key, share

big_dens = st.integers(min_value=1, max_value=10**12)


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**12), big_dens), min_size=2, max_size=6))
def test_exact_key_orders_and_ties_as_the_fractions_do(pairs):
    xs = [Fraction(a, b) for a, b in pairs]
    keys = list(zip(*(c.tolist() for c in exact_key([a for a, _ in pairs], [b for _, b in pairs]))))
    for x, kx in zip(xs, keys):
        for y, ky in zip(xs, keys):
            assert (x < y) == (kx < ky) and (x == y) == (kx == ky)


POPS = (1, 2, 3, 4, 6, 10**12 - 1)


@st.composite
def shares_table(draw):
    """Up to 12 bodies with small figures, so that exact ties (equal shares, equal populations) are frequent: a table and
    its three columns as lists (the checks read the lists, not pandas). Drawn as one byte string (a byte a body: the
    population one of POPS, the SC 0 to 3 of it), not two integers a body: hypothesis's draws cost more than the
    arrangement under test. The same tables as the integers drawn one by one before (the number of bodies drawn evenly)."""
    n = draw(st.integers(1, 12))
    raw = draw(st.binary(min_size=n, max_size=n))
    pops = [POPS[b % len(POPS)] for b in raw]
    sc = [min(b // len(POPS) % 4, p) for b, p in zip(raw, pops)]
    body = [f'B{(7 * i) % n:02d}' if n % 7 else f'B{n - i:02d}' for i in range(n)]
    return pd.DataFrame({'body': body, 'population': pops, 'sc': sc}), body, pops, sc


@settings(max_examples=2000, deadline=None)
@given(shares_table(), st.sampled_from(['population-name', 'name']), st.integers(0, 13))
def test_arrangement_is_the_fraction_sort_and_take_reports_exactly_the_tie(table, tiebreak, k):
    df, body, pops, sc = table
    arr = Arrangement(df, share(df, 'sc'), 'SC %', 'test', tiebreak=tiebreak)
    x = {b: Fraction(s, p) for b, s, p in zip(body, sc, pops)}
    pop = dict(zip(body, pops))
    ref = sorted(x, key=(lambda b: (-x[b], -pop[b], b)) if tiebreak == 'population-name' else (lambda b: (-x[b], b)))
    assert arr.order == ref
    chosen, warns = arr.take(k)
    assert chosen == ref[:k]
    straddles = 0 < k < len(ref) and x[ref[k - 1]] == x[ref[k]]
    assert bool(warns) == straddles
    if straddles: assert set(warns[0].bodies) == {b for b in ref if x[b] == x[ref[k]]}
