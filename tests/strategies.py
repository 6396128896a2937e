"Hypothesis strategies for tables of bodies."
import pandas as pd
from hypothesis import strategies as st


def share_of(hi: int, lo: int, top: int) -> int:
    """0 to `top` from two bytes: 0 and `top` themselves one time in 16 and in 32 (a group absent, or the whole
    population), else (nearly) evenly."""
    return 0 if hi < 16 else top if hi < 24 else (hi << 8 | lo) % (top + 1)


ROW = 11                                                     # bytes a body


@st.composite
def bodies(draw, min_size=1, max_size=30, seats=False):
    """A table of bodies: each a population and the shares (per 10,000) of SC, ST and BC, and seats. Drawn as one byte
    string (a draw per table, not per figure: drawing five integers a body took longer than the statute took on the
    table), each body 11 bytes: the population (1 to 16 one time in four, else 1 to 1,000,000), the three shares
    (`share_of`), the seats (1 to 3 one time in eight, else 1 to 150). The same tables as the integers drawn one by one
    before."""
    n = draw(st.integers(min_size, max_size))
    raw = draw(st.binary(min_size=ROW * n, max_size=ROW * n))
    pop, sc, stp, bc, seat = [], [], [], [], []
    for i in range(n):
        r = raw[ROW * i:ROW * (i + 1)]
        p3 = int.from_bytes(r[1:4], 'big')
        p = 1 + p3 % 16 if r[0] % 4 == 0 else 1 + p3 % 10**6
        a, b, c = share_of(r[4], r[5], 10_000), share_of(r[6], r[7], 10_000), share_of(r[8], r[9], 10_000)
        s = 1 + r[10] % 3 if r[0] >= 224 else 1 + r[10] % 150
        x = p * a // 10_000; y = (p - x) * b // 10_000; z = (p - x - y) * c // 10_000
        pop.append(p); sc.append(x); stp.append(y); bc.append(z); seat.append(s)
    df = pd.DataFrame({'body': [f'B{i:02d}' for i in range(n)], 'population': pop, 'sc': sc, 'st': stp, 'bc': bc})
    if seats: df['seats'] = seat
    return df
