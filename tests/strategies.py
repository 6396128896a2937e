"Hypothesis strategies for tables of bodies."
import pandas as pd
from hypothesis import strategies as st


@st.composite
def bodies(draw, min_size=1, max_size=30, seats=False):
    "A table of bodies: each a population and the shares (per 10,000, drawn at once) of SC, ST and BC, and seats."
    rows = draw(st.lists(st.tuples(st.integers(1, 10**6), st.integers(0, 10_000), st.integers(0, 10_000),
                                   st.integers(0, 10_000), st.integers(1, 150)), min_size=min_size, max_size=max_size))
    pop, sc, stp, bc, seat = [], [], [], [], []
    for p, a, b, c, s in rows:
        x = p * a // 10_000; y = (p - x) * b // 10_000; z = (p - x - y) * c // 10_000
        pop.append(p); sc.append(x); stp.append(y); bc.append(z); seat.append(s)
    df = pd.DataFrame({'body': [f'B{i:02d}' for i in range(len(rows))], 'population': pop, 'sc': sc, 'st': stp, 'bc': bc})
    if seats: df['seats'] = seat
    return df
