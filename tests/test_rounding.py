"The statutory rounding rules against independent integer arithmetic, over many shares (hypothesis)."
from fractions import Fraction
from hypothesis import given, strategies as st
from reservation_law.rounding import round_half_down, round_half_up, ceil_remainder, floor_bound, nearest, fmt_fraction

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


def test_explain_names_rule_and_result():
    assert round_half_down(Fraction(2164, 1000), expr='17 × 2,164,000 / 17,000,000').explain() == \
        '17 × 2,164,000 / 17,000,000 = 2.164; remainder 0.164 is not more than half: ignored → 2'
