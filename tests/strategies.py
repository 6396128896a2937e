"Hypothesis strategies for tables of bodies."
import pandas as pd
from hypothesis import strategies as st


@st.composite
def bodies(draw, min_size=1, max_size=30, seats=False):
    n = draw(st.integers(min_size, max_size))
    rows = []
    for i in range(n):
        pop = draw(st.integers(1, 10**6))
        sc = draw(st.integers(0, pop))
        stp = draw(st.integers(0, pop - sc))
        bc = draw(st.integers(0, pop - sc - stp))
        row = {'body': f'B{i:02d}', 'population': pop, 'sc': sc, 'st': stp, 'bc': bc}
        if seats: row['seats'] = draw(st.integers(1, 150))
        rows.append(row)
    return pd.DataFrame(rows)
