"""Each fast path (a check made in bulk for the common case) gives what the row-by-row path gives: the same table, or
the same error naming the same row. Forcing the slow path (monkeypatch) is the reference."""
import pandas as pd, pytest
from reservation_law.procedures import allot as api
from reservation_law.core import bodies
from reservation_law.procedures.allot import load_previous
from reservation_law.core.bodies import InputError, validate_bodies

CODES = ('SC', 'SC-W', 'W', 'UR')


def outcome(f, *a, **kw):
    "The table a call returns, or the error it raises, as comparable values."
    try: out = f(*a, **kw)
    except InputError as e: return ('error', str(e), e.row, e.column)
    return ('ok', out.to_dict('list'), {k: str(v) for k, v in out.attrs.items()}, [str(t) for t in out.dtypes])


PREVIOUS = {
    'plain': pd.DataFrame({'body': ['Agra', 'Bareilly', 'Kanpur Dehat'], 'category': ['SC', 'W', 'UR']}),
    'a code with spaces': pd.DataFrame({'body': ['Agra', 'Bareilly'], 'category': [' SC', 'W']}),
    'a name with spaces': pd.DataFrame({'body': [' Agra', 'Bareilly'], 'category': ['SC', 'W']}),
    'twice': pd.DataFrame({'body': ['Agra', 'Bareilly', 'Agra'], 'category': ['SC', 'W', 'UR']}),
    'twice by case': pd.DataFrame({'body': ['Agra', 'AGRA'], 'category': ['SC', 'W']}),
    'unknown code': pd.DataFrame({'body': ['Agra', 'Bareilly'], 'category': ['SC', 'BC']}),
    'formula': pd.DataFrame({'body': ['=Agra', 'Bareilly'], 'category': ['SC', 'W']}),
    'a missing code': pd.DataFrame({'body': ['Agra', 'Bareilly'], 'category': ['SC', None]}),
    'not ASCII': pd.DataFrame({'body': ['आगरा', 'Bareilly'], 'category': ['SC', 'W']}),
    'empty': pd.DataFrame({'body': [], 'category': []}, dtype=object),
}

@pytest.mark.parametrize('case', PREVIOUS)
def test_load_previous_in_bulk_is_row_by_row(case, monkeypatch):
    df = PREVIOUS[case]
    names = sorted({str(b).strip() for b in df['body']} | {'Kanpur Dehat'})
    fast = outcome(load_previous, df, CODES, names=names)
    monkeypatch.setattr(api, '_plain_previous', lambda *a: False)
    assert outcome(load_previous, df, CODES, names=names) == fast
    if case == 'plain': assert fast[0] == 'ok'
    if case in ('twice', 'unknown code', 'formula'): assert fast[0] == 'error'


DIVISIONS = {
    'repeated': ['Agra', 'Agra', 'Meerut', 'Agra'],
    'two spellings': ['Agra', 'Meerut', 'agra', 'Agra'],
    'untrimmed': ['Agra ', 'Agra', 'Meerut', 'Meerut'],
    'blank': ['Agra', '', 'Meerut', 'Agra'],
    'a number': ['Agra', 7, 'Meerut', 'Agra'],
    'formula': ['Agra', '=1+1', 'Meerut', 'Agra'],
    'not ASCII': ['आगरा', 'Agra', 'Meerut', 'आगरा'],
}

@pytest.mark.parametrize('case', DIVISIONS)
@pytest.mark.parametrize('required', [('population', 'sc', 'st', 'bc'), ('population', 'sc', 'st', 'bc', 'division')])
def test_divisions_checked_once_a_spelling_is_row_by_row(case, required, monkeypatch):
    df = pd.DataFrame({'body': ['A', 'B', 'C', 'D'], 'division': DIVISIONS[case], 'population': [100] * 4,
                       'sc': [10] * 4, 'st': [1] * 4, 'bc': [20] * 4})
    fast = outcome(validate_bodies, df, required)
    monkeypatch.setattr(bodies, '_all_plain', lambda values: False)
    assert outcome(validate_bodies, df, required) == fast
    if case == 'repeated': assert fast[0] == 'ok'
    if case == 'two spellings': assert fast[0] == 'error'


def test_ties_between_in_bulk_is_pair_by_pair():
    "With many changes of label, ties_between keeps only the tied pairs in bulk: the warnings are those of every pair."
    from reservation_law.core.arrangement import Arrangement
    n = 300
    df = pd.DataFrame({'body': [f'B{i:03d}' for i in range(n)], 'population': [1000 + (i % 7) for i in range(n)]})
    arr = Arrangement(df, {b: i % 5 for i, b in enumerate(df.body)}, by='key', clause='(x)')
    label = {b: ('SC', 'W', 'UR')[i % 3] for i, b in enumerate(arr.order)}
    pairwise = [w for a, b in zip(arr.order, arr.order[1:]) if label[a] != label[b]
                for w in [arr.tie_warning(a, b, 'x', f"fall on either side of a cut-off ({label[a]} / {label[b]})")] if w]
    got = arr.ties_between(arr.order, label, 'x')
    assert len(pairwise) > 16 and [str(w) for w in got] == [str(w) for w in pairwise]
    assert arr.ranks(arr.order[::-1]).tolist() == [arr.rank(b) for b in arr.order[::-1]] == list(range(n, 0, -1))
    skip = set(arr.order[::4])
    seq = [b for b in arr.order if b not in skip]
    pairwise = [w for a, b in zip(seq, seq[1:]) if label[a] != label[b]
                for w in [arr.tie_warning(a, b, 'x', f"fall on either side of a cut-off ({label[a]} / {label[b]})")] if w]
    assert [str(w) for w in arr.ties_between(arr.order, label, 'x', skip=skip)] == [str(w) for w in pairwise]


@pytest.mark.parametrize('case', PREVIOUS)
def test_load_previous_of_checked_body_names_is_row_by_row(case, monkeypatch):
    "`allot` hands `load_previous` the body names `load_bodies` checked (#22): a previous list of them is not checked again; the same table or error."
    from reservation_law.core.bodies import load_bodies
    body = load_bodies(pd.DataFrame({'body': ['Agra', 'Bareilly', 'Kanpur Dehat', 'आगरा'], 'population': [100] * 4,
                                     'sc': [10] * 4, 'st': [1] * 4, 'bc': [20] * 4}))['body']
    df, names = PREVIOUS[case], api._CheckedNames(body)
    fast = outcome(load_previous, df, CODES, names=names)
    monkeypatch.setattr(api, '_plain_previous', lambda *a: False)
    assert outcome(load_previous, df, CODES, names=names) == fast
    if case in ('plain', 'not ASCII'): assert fast[0] == 'ok'
    if case in ('twice', 'twice by case', 'unknown code', 'formula', 'a missing code'): assert fast[0] == 'error'


@pytest.mark.parametrize('codes', [['SC', 'W', 'UR', 'SC-W'], ['SC', 'BC', 'UR', 'W'], ['SC', None, 'UR', 'W'],
                                   [' SC', 'W', 'UR', 'W'], ['SC', 'W', 'UR', float('nan')], ['SC', 'W', 'UR', 7]])
def test_a_previous_list_of_the_inputs_names_in_its_order_is_row_by_row(codes, monkeypatch):
    "The previous list names this input's bodies in its order (this tool's own output, fed back): only its codes are checked; the same table or error."
    from reservation_law.core.bodies import load_bodies
    body = load_bodies(pd.DataFrame({'body': ['Agra', 'Bareilly', 'Kanpur Dehat', 'आगरा'], 'population': [100] * 4,
                                     'sc': [10] * 4, 'st': [1] * 4, 'bc': [20] * 4}))['body'].tolist()
    df = pd.DataFrame({'body': body, 'category': codes})
    fast = outcome(load_previous, df, CODES, names=api._CheckedNames(body))
    monkeypatch.setattr(api, '_plain_previous', lambda *a: False)
    assert outcome(load_previous, df, CODES, names=list(body)) == fast       # not the checked names: row by row
    assert fast[0] == ('ok' if codes[1] == 'W' and codes[3] in ('SC-W', 'W') else 'error')    # (' SC' is read as 'SC')


def _group_totals_column_by_column(table):
    "group_totals as it was before the totals were summed in NumPy at once (0.5.0): the reference."
    from reservation_law.core.arrangement import CATEGORIES
    out = table.copy()
    for g in ('SC', 'ST', 'BC', 'BC-A', 'BC-B'):
        if g in out and g + '-W' in out: out[f'{g} total'] = out[g] + out[g + '-W']
    women = [c for c in out.columns if isinstance(c, str) and c.endswith('-W') and c[:-2] in CATEGORIES] + (['W'] if 'W' in out else [])
    if women: out['women total'] = out[women].sum(axis=1)
    return out


@pytest.mark.parametrize('statute, file', [('up-corporation-wards', None), ('municipal-council', 'karnataka_councils.csv')])
def test_group_totals_at_once_are_column_by_column(statute, file):
    "The totals per group of a seats table, summed at once, are the columns pandas adds one by one: values, dtypes, order."
    import reservation_law as rl
    from reservation_law.core.bodies import example_path
    from reservation_law.procedures.allot import group_totals
    df = pd.read_csv(example_path(file)) if file else pd.read_csv(example_path()).assign(seats=lambda d: 60 + d.index * 7)
    res = rl.seats(statute, df)
    exclusive = res.table[[c for c in res.table.columns if not str(c).endswith('total')]]
    exclusive.attrs['note'] = {'kept': [1]}
    for t in (exclusive, exclusive.astype({exclusive.columns[2]: 'int32'})):     # NumPy at once; pandas column by column
        fast, ref = group_totals(t), _group_totals_column_by_column(t)
        pd.testing.assert_frame_equal(fast, ref)
        assert fast.attrs == ref.attrs and fast.attrs is not t.attrs
    assert group_totals(exclusive).equals(res.table)


CSV_TABLES = {
    'mixed dtypes and gaps': pd.DataFrame({'body': ['Agra', '=Bareilly', None], 'n': [1, 2, 3], 'x': [0.5, float('nan'), 2.0],
                                           'when': pd.to_datetime(['2023-05-04', None, '2017-11-22']),
                                           'flag': [True, False, True], 'c': pd.array(['a', None, '+b'], dtype='string')}),
    'a column name twice': pd.DataFrame([[1, 'a', '-x'], [2, 'b', '@y']], columns=['n', 'v', 'v']),
    'no rows': pd.DataFrame({'body': [], 'category': []}, dtype=object),
    'no columns': pd.DataFrame(index=range(3)),
    'wide': pd.DataFrame({f'c{j}': ['v', '=1'] for j in range(400)}),   # past itertuples' 254 columns (its slow path)
}

@pytest.mark.parametrize('case', CSV_TABLES)
def test_csv_bytes_by_columns_is_itertuples(case):
    "The CSV writer reads a table column by column (fast on a wide one): the bytes are those of the row-by-row reading."
    import csv, io
    from reservation_law.record.writers import csv_bytes, _cell, _neutral
    df = CSV_TABLES[case]
    buf = io.StringIO(); w = csv.writer(buf, lineterminator='\n')
    w.writerow([_neutral(str(c)) for c in df.columns])
    w.writerows([_cell(v) for v in row] for row in df.itertuples(index=False, name=None))
    assert csv_bytes(df) == buf.getvalue().encode('utf-8')


def test_allot_blocks_bars_in_bulk_are_call_by_call():
    "The 1994 walk given its bars as sets (`_NotIn`, read in bulk) allots as the same bars given as a function does."
    import random
    from reservation_law.statutes.up_mayor_1994 import allot_blocks, _NotIn, BLOCKS
    rng = random.Random(22)
    for trial in range(300):
        n = rng.randint(1, 40)
        walk = [f'C{i:02d}' for i in rng.sample(range(n), n)]
        blocks = [(c, rng.randint(0, 4)) for c in BLOCKS]
        live = [c for c, k in blocks if k]
        bar = lambda: {c: set(rng.sample(walk, rng.randint(0, n))) for c in live}
        one, two = bar(), bar()
        for elig, relaxed in ((_NotIn(one), None), (_NotIn(one, two), (_NotIn(one), _NotIn(two)))):
            women_first = rng.choice(('in-the-run', 'women-then-others'))
            as_calls = lambda b, c, e=elig: e(b, c)                       # the same bars, as a plain function
            fast = allot_blocks(walk, blocks, elig, women_first=women_first, relaxed=relaxed)
            slow = allot_blocks(walk, blocks, as_calls, women_first=women_first, relaxed=relaxed)
            assert repr(fast) == repr(slow), (trial, walk, blocks)


@pytest.mark.parametrize('names', [['Agra', 'AGRA', 'Kanpur Dehat'], ['Kanpur  Dehat', 'kanpur dehat'], ['आगरा', 'Agra'],
                                   ['A\nB', 'a'], ['One'], [], ['Ǆ', 'ǆ', 'ß', 'SS'], ['x ', ' x', 'X\tY']])
def test_name_keys_in_one_call_are_name_by_name(names):
    assert bodies._fast_keys(names) == list(map(bodies._fast_key, names))


@pytest.mark.parametrize('names', [['Agra', 'Kanpur'], [' Agra'], ['Agra '], ['=Agra'], ['Agra', '+1'], ['Agra', '-x'],
                                   ['Agra', '@x'], ['Agra', 'B ', 'C'], ['Agra', 'x=y', 'a b'], ['A\nB']])
def test_plain_name_edges_at_once_are_name_by_name(names):
    assert bodies._all_plain_names(names) == all(map(bodies._plain_name, names))


@pytest.mark.parametrize('rows', [[['Agra', '1']], [['Agra', '1'], ['Bareilly', '22']], [['x']], [], [['a', 'b', 'c']] * 3])
def test_text_frame_from_an_array_is_from_lists(rows):
    header = ['body', 'population', 'sc'][:len(rows[0])] if rows else ['body', 'population']
    if len(header) == 3 and rows: header = ['body', 'body', 'sc']                      # a header named twice, too
    fast, slow = bodies._text_frame(rows, header), pd.DataFrame(rows, columns=header, dtype=object)
    assert fast.equals(slow) and fast.columns.equals(slow.columns) and list(fast.dtypes) == list(slow.dtypes)
    assert fast.index.equals(slow.index) and fast.to_numpy().tolist() == slow.to_numpy().tolist()


def _random_1994(rng, n_max=40):
    "A random walk, blocks, bars (two sets a code) and a previous allotment with gaps, for the 1994 walk's fast paths."
    from reservation_law.statutes.up_mayor_1994 import BLOCKS
    n = rng.randint(1, n_max)
    walk = [f'C{i:02d}' for i in rng.sample(range(n), n)]
    blocks = [(c, rng.randint(0, 4)) for c in BLOCKS]
    live = [c for c, k in blocks if k]
    bar = lambda: {c: set(rng.sample(walk, rng.randint(0, n))) for c in live}
    prev = {b: rng.choice(BLOCKS + ('UR', 'UR')) for b in walk if rng.random() > 0.15}
    return walk, blocks, live, bar(), bar(), prev


def _as_positions(walk, sets):
    "Bars {code: set of bodies} as {code: which positions of `walk` they hold} (what `allot_blocks_at` reads)."
    import numpy as np
    return {c: np.array([b in s for b in walk], dtype=bool) for c, s in sets.items()}


def test_allot_blocks_over_positions_is_body_by_body():
    "The 1994 walk over positions in bulk (`allot_blocks_at`) allots, warns, begins and passes over as `allot_blocks` does."
    import random
    from reservation_law.statutes.up_mayor_1994 import allot_blocks, allot_blocks_at, _NotIn, KIND
    rng = random.Random(94)
    for trial in range(400):
        walk, blocks, live, one, two, _ = _random_1994(rng)
        for elig, relaxed in ((None, None), (_NotIn(one), None), (_NotIn(one, two), (_NotIn(one), _NotIn(two)))):
            women_first = rng.choice(('in-the-run', 'women-then-others'))
            slow = allot_blocks(walk, blocks, elig, women_first=women_first, relaxed=relaxed)
            bars = None if elig is None else _as_positions(walk, one if relaxed is None else {c: one[c] | two[c] for c in live})
            loose = [_as_positions(walk, one), _as_positions(walk, two)] if relaxed else None
            codes, warns, info = allot_blocks_at(walk, blocks, bars, loose, women_first=women_first)
            assert {b: KIND[c] for b, c in zip(walk, codes.tolist()) if c} == slow[0], (trial, walk, blocks)
            assert warns == slow[1] and info['begin'] == slow[2]['begin'] and info['reach'] == slow[2]['reach']
            passed = {}
            for g, at in info['passed'].items():
                for i in at.nonzero()[0].tolist(): passed.setdefault(walk[i], []).append(g)
            assert passed == slow[2]['passed']
            assert [(walk[p], c) for p, c in info['again']] == list(slow[2]['again'].items())


def test_reasons_and_round_over_positions_are_body_by_body():
    "The 1994 reasons and the next round over positions (`_reasons_at`, `_next_round_at`) are those made body by body."
    import random, numpy as np
    from reservation_law.statutes.up_mayor_1994 import (allot_blocks, allot_blocks_at, _NotIn, KIND, ROUND, _kinds,
                                                        _reasons_1994, _reasons_at, _next_round, _next_round_at, _ABSENT)
    rng = random.Random(1994)
    for trial in range(300):
        walk, blocks, live, one, two, prev = _random_1994(rng)
        rnd = {g: set(rng.sample(walk + ['Gone'], rng.randint(0, len(walk)))) for g in ROUND}
        got, _, info = allot_blocks(walk, blocks, _NotIn(one, two), relaxed=(_NotIn(one),))
        codes, _, info_at = allot_blocks_at(walk, blocks, _as_positions(walk, {c: one[c] | two[c] for c in live}),
                                            [_as_positions(walk, one)])
        cats = {b: got.get(b, 'UR') for b in walk}
        start, rotated, last = rng.randint(1, len(walk)), rng.random() > 0.2, rng.choice(walk + [None])
        with_round = bool(info['again']) or rng.random() > 0.5       # offices given again are said so from the round
        slow = _reasons_1994(walk, cats, info, prev, start, rotated, last, rnd if with_round else None)
        prev_w = _kinds([prev.get(b, _ABSENT) for b in walk])
        rnd_w = {g: np.array([b in rnd[g] for b in walk], dtype=bool) for g in ROUND}
        fast = _reasons_at(walk, codes, info_at, prev, prev_w, start, rotated, last, *((rnd, rnd_w) if with_round else (None, None)))
        assert fast == [slow[b] for b in walk], trial
        order = sorted(walk, key=lambda b: rng.random())          # rows in another order than the walk's
        row_of = {b: i for i, b in enumerate(order)}
        by_row = np.zeros(len(walk), dtype='int8'); by_row[[row_of[b] for b in walk]] = codes
        rnd_row = {g: np.array([b in rnd[g] for b in order], dtype=bool) for g in ROUND}
        assert _next_round_at(rnd, rnd_row, by_row, np.array(order, dtype=object)) == _next_round(rnd, cats)


def test_rotation_start_over_positions_is_by_name():
    "Where the 1994 walk starts, inferred from last time's categories read in bulk (`at`), is where the names say."
    import random
    from reservation_law.statutes.up_mayor_1994 import rotation_start, _kinds, _ABSENT
    rng = random.Random(22)
    for trial in range(500):
        n = rng.randint(1, 30)
        order = [f'C{i:02d}' for i in range(n)]
        pool = rng.choice([('UR',), ('W',), ('SC-W', 'UR'), ('W', 'UR', 'SC'), ('SC-W', 'SC', 'ST-W', 'BC-W', 'BC', 'W', 'UR')])
        prev = {b: rng.choice(pool) for b in order if rng.random() > 0.2}
        rec = rng.choice([None, {}, {'last_women': rng.choice(order)}])
        at = _kinds([prev.get(b, _ABSENT) for b in order])
        assert rotation_start(order, prev, rec, at) == rotation_start(order, prev, rec), (trial, prev, rec)


def test_name_tiebreak_in_one_sort_is_run_by_run():
    "The name tie-break of an arrangement in bulk (the pairs, most runs, at once) puts each tied run in the order a sort of its names does (names with a trailing NUL, and names not text, too)."
    import random
    from reservation_law.core.arrangement import _by_name
    rng = random.Random(22)
    for trial in range(3000):
        n = rng.randint(0, 14)
        names = ([rng.choice(['a', 'b', 'ab', 'a\x00', 'b\x00\x00', 'ä', 'Z', '']) + str(rng.randint(0, 3)) * rng.randint(0, 1)
                  for _ in range(n)] if trial % 3 else rng.sample(range(100), n))
        if trial % 3 == 1: names = [b.replace('\x00', '') for b in names]
        perm, tie = rng.sample(range(n), n), [rng.random() < 0.5 for _ in range(max(n - 1, 0))]
        slow, i = list(perm), 0
        while i < len(tie):                     # each run of rows tied with the one before them, sorted by name
            if not tie[i]: i += 1; continue
            a = i
            while i < len(tie) and tie[i]: i += 1
            slow[a:i + 1] = sorted(slow[a:i + 1], key=names.__getitem__)
        assert _by_name(perm, tie, names).tolist() == slow, (trial, names, perm, tie)


def test_arrangement_shows_whole_numbers_as_fmt_int():
    "An arrangement's whole-number keys (a population) shown in bulk are `fmt_int`'s texts."
    from reservation_law.core.arrangement import Arrangement, whole
    from reservation_law.core.rounding import fmt_int
    pops = [0, 7, 999, 1000, 123456789, 10**12 + 5, 1000]
    df = pd.DataFrame({'body': [f'B{i}' for i in range(len(pops))], 'population': pops})
    arr = Arrangement(df, whole(df), by='population', clause='test')
    assert arr.shown(as_share=False) == [fmt_int(arr.population[b]) for b in arr.order]
    assert arr.order == ['B5', 'B4', 'B3', 'B6', 'B2', 'B1', 'B0']         # the tie at 1,000 by name


def test_2023_previous_by_row_as_it_stands_is_by_name():
    "A previous allotment naming the same corporations in the same order, read by row as it stands, gives what the same allotment in another order (read by name) gives."
    import random
    import reservation_law as rl
    from reservation_law.statutes.up_mayor_2023 import up_mayor_2023
    rng = random.Random(23)
    for trial in range(40):
        n = rng.randint(3, 40)
        pop = [rng.randint(1000, 1010) for _ in range(n)]
        df = pd.DataFrame({'body': [f'C{i:02d}' for i in range(n)], 'population': pop,
                           'sc': [rng.randint(0, p // 3) for p in pop], 'st': [rng.randint(0, 30) for _ in pop],
                           'bc': [rng.randint(0, p // 2) for p in pop]})
        prev = pd.DataFrame({'body': df['body'], 'category': [rng.choice(['SC', 'SC-W', 'ST', 'BC', 'BC-W', 'W', 'UR']) for _ in pop]})
        shuffled = prev.sample(frac=1, random_state=trial).reset_index(drop=True)
        fast, slow = up_mayor_2023(df, previous=prev), up_mayor_2023(df, previous=shuffled)
        assert fast.table.equals(slow.table), trial
        assert (fast.steps, fast.warnings, fast.record, fast.assumptions) == (slow.steps, slow.warnings, slow.record, slow.assumptions), trial
