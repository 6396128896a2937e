"check and explain: departures, readings, margins, the conditions a list implies on missing BC figures, the CLI."
import io, json
from pathlib import Path
from fractions import Fraction
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from reservation_law.core.bodies import example_path, InputError
from reservation_law.procedures.allot import allot
from reservation_law.procedures.implied import bc_range, bc_offices_for, witness_bc, _witness_ok
from reservation_law.procedures.check import check, walk_starts
from reservation_law.procedures.explain import explain, margins
import reservation_law as rl
from reservation_law.procedures.readings import readings, ordinal
from reservation_law.cli import run

CENSUS = example_path('census2011_up_corporations_17.csv')
DRAFT = example_path('published_up_mayor_2023_03_30_draft.csv')
PROV = example_path('published_up_mayor_2022_12_05_provisional.csv')
Y2006 = example_path('published_up_mayor_2006.csv')

# Seven made-up corporations, checkable by hand (see nbs/22_check.ipynb): P = 7,000, N = 7; SC 1 office (SC-W),
# BC 1 (BC-W, also the 27 % cap), women 3 in all, so 1 W. 2023 text: SC-W A (40 %), BC-W B (40 % of the rest), W C (1,200).
SMALL = pd.DataFrame({'body': list('ABCDEFG'), 'population': [1000, 1000, 1200, 900, 900, 1000, 1000],
                      'sc': [400, 100, 100, 100, 100, 100, 100], 'st': [0] * 7, 'bc': [100, 400, 150, 200, 150, 100, 100]})
OK = pd.DataFrame({'body': list('ABCDEFG'), 'category': ['SC-W', 'BC-W', 'W', 'UR', 'UR', 'UR', 'UR']})
BAD = OK.assign(category=['SC-W', 'UR', 'W', 'BC-W', 'UR', 'UR', 'UR'])


def cli(*args):
    out, err = io.StringIO(), io.StringIO()
    return run([str(a) for a in args], out, err), out.getvalue(), err.getvalue()


# --- the State BC population for a number of BC offices: exact, against the rule run forwards ---------------------

@settings(max_examples=2000, deadline=None)
@given(n=st.integers(1, 40), P=st.integers(1, 10**7), c=st.integers(0, 12), b=st.integers(0, 10**7))
def test_bc_range_is_exactly_the_set_that_gives_c(n, P, c, b):
    b = b % (P + 1)
    rng = bc_range(n, P, c, P)
    gives = bc_offices_for(n, P, b) == c
    assert gives == (rng is not None and rng[0] <= b <= rng[1])


def test_bc_offices_for_is_half_down_then_the_cap():
    # 17 × B / P: 3.5 exactly is ignored (3), just above is 4; 27 % of 17 = 4.59 caps at 4
    assert bc_offices_for(17, 34, 7) == 3 and bc_offices_for(17, 34 * 10, 71) == 4 and bc_offices_for(17, 17, 17) == 4
    assert bc_range(17, 18_551_810, 4, 16_056_231) == (3_819_491, 16_056_231)
    assert bc_range(17, 18_551_810, 5, 16_056_231) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(100, 5000), st.integers(0, 40)), min_size=3, max_size=7), st.data())
def test_a_witness_always_meets_its_order_and_total(rows, data):
    bodies = pd.DataFrame({'body': [f"b{i}" for i in range(len(rows))], 'population': [p for p, _ in rows],
                           'sc': [p * s // 100 for p, s in rows], 'st': [0] * len(rows)})
    names = list(bodies['body'])
    k = data.draw(st.integers(0, len(names) - 1))
    first, then = names[:1] if k else [], names[1:k]
    room = int((bodies.population - bodies.sc).sum())
    lo = data.draw(st.integers(0, room)); hi = data.draw(st.integers(lo, room))
    w = witness_bc(bodies, first, then, (lo, hi))
    if w is not None:
        assert lo <= sum(w) <= hi and _witness_ok(bodies, w, first, then, ())
        assert all(0 <= v <= p - s for v, p, s in zip(w, bodies.population, bodies.sc))


# --- departures, reasons, counts, readings on made-up corporations -------------------------------------------------

def test_a_consistent_list_has_no_departure_under_any_reading():
    c = check('up-mayor-2023', SMALL, OK, exhaustive=True)     # every reading, however many (128 since #16)
    assert c.departures == 0 and c.consistent and len(c.readings) == len(readings('up-mayor-2023')) and c.readings.exact.all()


def test_a_departure_names_the_place_and_the_cut_off():
    c = check('up-mayor-2023', SMALL, BAD)
    assert c.departures == 2 and not c.consistent
    t = c.table.set_index('body')
    assert t.loc['D', 'clause'] == 's.7(5)(1)(d)(iii)'
    assert t.loc['D', 'reason'] == ('D: published BC-W; under s.7(5)(1)(d)(iii) D is 2nd of 6 by BC percentage '
                                    '(≈\u00a022.22\u00a0%), the cut-off is after the 1st (B (40.00\u00a0%)); computed UR')
    assert t.loc['B', 'reason'] == ('B: published UR; under s.7(5)(1)(d)(iii) B is 1st of 6 by BC percentage (40.00\u00a0%), '
                                    'within the 1 BC office: computed BC-W')
    assert list(c.counts.published) == [1, 0, 0, 0, 1, 0, 1, 4] and c.counts.agrees.all()


def test_counts_that_depart_are_reported():
    c = check('up-mayor-2023', SMALL, OK.assign(category=['SC-W', 'BC-W', 'W', 'W', 'UR', 'UR', 'UR']))
    w = c.counts.set_index('category').loc['W']
    assert (w.published, w.computed, w.agrees) == (2, 1, False) and not c.consistent


def test_readings_are_sorted_counts_as_the_lists_first_then_fewest_departures():
    c = check('up-mayor-2023', SMALL, OK.assign(category=['SC-W', 'BC-W', 'UR', 'UR', 'UR', 'W', 'UR']), exhaustive=True)
    key = list(zip(c.readings['counts'], c.readings.departures))
    assert key == sorted(key) and len(c.readings) == len(readings('up-mayor-2023'))
    assert (c.readings['contradicts'] == (c.readings['counts'] > 0)).all()
    assert {tuple(sorted(r.items())) for r in c.readings.interpretations} == {tuple(sorted(r.items())) for r in readings('up-mayor-2023')}


def test_to_dict_has_the_documented_fields_and_is_json():
    d = check('up-mayor-2023', SMALL, BAD).to_dict()
    json.dumps(d)
    assert d['bodies'][3] == {'body': 'D', 'published': 'BC-W', 'computed': 'UR', 'agrees': False, 'condition': '',
                              'clause': 's.7(5)(1)(d)(iii)', 'reason': d['bodies'][3]['reason']}
    assert set(d['readings'][0]) == {'interpretations', 'departures', 'counts', 'contradicts', 'exact'} and 'provenance' in d


def test_a_published_body_not_in_the_input_is_bad_input():
    with pytest.raises(InputError, match="'Z' is in the published list but is not a body of this input"):
        check('up-mayor-2023', SMALL, pd.concat([OK, pd.DataFrame({'body': ['Z'], 'category': ['UR']})]))


def test_a_body_missing_from_the_published_list_departs():
    c = check('up-mayor-2023', SMALL, OK[OK.body != 'G'])
    assert c.departures == 1 and c.table.set_index('body').loc['G', 'published'] == ''


# --- what a list implies about missing BC figures -------------------------------------------------------------------

def test_without_bc_the_list_implies_an_order_and_a_range():
    c = check('up-mayor-2023', SMALL.drop(columns='bc'), BAD)
    assert c.departures == 0                       # consistent with the text, if the conditions hold
    assert c.implied.detail['state_total'] == {'offices': 1, 'lowest': 501, 'highest': None, 'population': 7000}
    assert c.implied.detail['order']['own-population'] == {'first': ['D'], 'then': [], 'of': list('BCDEFG'), 'by': 'BC percentages'}
    assert 'the BC percentage of D is the highest of the 6 corporations left after SC' in ' '.join(c.implied.conditions)


def test_without_bc_a_list_the_other_steps_forbid_still_departs():
    # D published SC-W: SC goes to A whatever the BC figures
    c = check('up-mayor-2023', SMALL.drop(columns='bc'), OK.assign(category=['UR', 'BC-W', 'W', 'SC-W', 'UR', 'UR', 'UR']))
    assert set(c.table.query('agrees == False').body) == {'A', 'D'}


def test_without_bc_no_reason_shows_a_bc_place_or_percentage():
    "The BC figures `check` makes to meet the conditions are not data: no reason shows a place or a percentage they gave."
    c = check('up-mayor-2023', CENSUS, DRAFT)
    t = c.table.set_index('body')
    bc = t.index[t.computed.str.startswith('BC')]
    assert sorted(bc) == ['Firozabad', 'Meerut', 'Saharanpur', 'Shahjahanpur']
    assert not t.reason.str.contains(r'place \d+ of \d+ by BC percentage|%\)').loc[bc].any(), t.reason[bc].tolist()
    assert not t.reason.str.contains('by BC percentage (≈', regex=False).any()
    assert all(r.startswith('one of the 15 corporations ranked by BC percentage (no BC figures in the input') for r in t.reason[bc])
    assert t.loc['Agra', 'reason'].startswith('place 1 of 17 by SC percentage (')        # real figures: shown
    pub = OK.assign(category=['SC-W', 'BC-W', 'W', 'BC', 'UR', 'UR', 'UR'])       # D departs in the BC arrangement
    d = check('up-mayor-2023', SMALL.drop(columns='bc'), pub).table.set_index('body').loc['D', 'reason']
    assert 'D is one of the 6 ranked by BC percentage' in d and ' 2nd ' not in d and '%' not in d, d


def test_without_bc_an_impossible_count_is_said():
    pub = OK.assign(category=['SC-W', 'BC-W', 'W', 'BC', 'UR', 'UR', 'UR'])      # 2 BC offices: the cap of 7 is 1
    c = check('up-mayor-2023', SMALL.drop(columns='bc'), pub)
    assert c.implied.detail['state_total'] is None and 'at most 1 of 7' in c.implied.conditions[0] and not c.consistent


def test_without_bc_and_with_a_previous_allotment_the_bc_offices_are_not_checked():
    prev = pd.read_csv(DRAFT)
    c = check('up-mayor-2023', CENSUS, prev, previous=prev, previous_date=pd.Timestamp('2023-05-01').date())
    t = c.table.set_index('body')
    sc = t.published.str.startswith('SC') | t.computed.str.startswith('SC')
    assert t.agrees[~sc].isna().all() and t.agrees[sc].notna().all()      # only the SC step is checked without BC figures
    assert t.loc['Firozabad', 'agrees'] is False                           # published BC-W; the SC walk gives it SC whatever BC is
    assert t.loc['Agra', 'agrees'] is False and "it held SC-W, a women's office, in the previous election: (f) bars a women's office" in t.loc['Agra', 'reason']
    assert any('not derived here' in x for x in c.implied.conditions)


def test_other_statutes_without_bc_check_only_sc_and_st():
    pp = pd.read_csv(example_path('up_palika_parishads_2011_bc_illustrative.csv'))
    sub = pp[pp.division.isin(['Meerut', 'Agra'])]
    pub = allot('up-palika-parishads-2023', sub).table[['body', 'category']]
    c = check('up-palika-parishads-2023', sub.drop(columns='bc'), pub)
    checked = c.table[c.table.agrees.notna()]
    assert len(checked) and checked.published.isin(['SC', 'SC-W', 'ST', 'ST-W']).all() and checked.agrees.all()
    assert 'only the SC and ST offices are' in c.implied.conditions[0]


# --- the real lists --------------------------------------------------------------------------------------------------

def test_the_march_2023_draft_is_what_the_2023_text_gives_if_the_bc_figures_allow():
    c = check('up-mayor-2023', CENSUS, DRAFT)
    assert c.departures == 0 and c.consistent
    t = c.table.set_index('body')
    assert list(t.index[t.computed.isin(['SC', 'SC-W'])]) == ['Agra', 'Jhansi']
    assert sorted(t.index[t.computed == 'W']) == ['Ghaziabad', 'Kanpur', 'Lucknow']
    o = c.implied.detail['order']['own-population']
    assert (o['first'], o['then'], len(o['of'])) == (['Firozabad', 'Shahjahanpur'], ['Meerut', 'Saharanpur'], 15)
    assert c.implied.detail['state_total']['lowest'] == 3_819_491
    assert all('state-share' in r for r in c.readings.query('not exact').reading)


def test_the_december_2022_list_is_not_the_1994_texts_under_any_reading_or_start():
    c = check('up-mayor-1994', CENSUS, PROV)
    assert c.departures == 10 and c.exact == [] and 1 <= int(c.readings.departures.min()) <= 10
    assert int(c.readings.set_index('reading').departures['women-total=groups-only']) == 8
    assert 'Aligarh is serial 5 of 17 by SC percentage' in c.table.set_index('body').loc['Aligarh', 'reason']
    assert int(walk_starts(CENSUS, PROV).departures.min()) == 9
    # under the 2023 text's arrangements only the general women's offices differ
    c23 = check('up-mayor-2023', CENSUS, PROV)
    dep = c23.table.query('agrees == False')
    assert len(dep) == 6 and set(dep.published) | set(dep.computed) == {'W', 'UR'}


def test_the_2006_list_on_2011_figures():
    census = pd.read_csv(CENSUS)
    pub = pd.read_csv(Y2006)
    c = check('up-mayor-1994', census[census.body.isin(pub.body)], pub)
    assert c.departures == 7 and c.counts.agrees.all()
    assert list(c.table.query('agrees == True').body) == ['Agra', 'Jhansi', 'Lucknow', 'Meerut', 'Moradabad']


def test_every_reading_of_a_state_size_list_in_seconds():
    # 193 Palika Parishads, 384 readings, pruned to the interpretations that change something on the input
    pp = example_path('up_palika_parishads_2011_bc_illustrative.csv')
    pub = allot('up-palika-parishads-2023', pp).table[['body', 'category']]
    c = check('up-palika-parishads-2023', pp, pub)
    assert c.departures == 0 and c.readings.departures.iloc[0] == 0 and any('held at their defaults' in n for n in c.notes)


# --- explain and margins ---------------------------------------------------------------------------------------------

def test_margins_by_hand():
    m = margins('up-mayor-2023', SMALL, 'D').set_index(['figure', 'change'])
    assert (m.loc[('bc', 'more'), 'persons'], m.loc[('bc', 'more'), 'becomes']) == (161, 'BC-W')   # 200 → 361 > 40 % of 900
    assert (m.loc[('population', 'more'), 'persons'], m.loc[('population', 'more'), 'becomes']) == (301, 'W')  # past C's 1,200
    assert m.loc[('bc', 'fewer'), 'persons'] is None


def test_a_margin_is_the_least_change():
    m = margins('up-mayor-2023', SMALL, 'D').set_index(['figure', 'change'])
    for col in ('bc', 'population'):
        x = m.loc[(col, 'more'), 'persons']
        for v, same in ((x - 1, True), (x, False)):
            t = SMALL.copy(); t.loc[3, col] += v
            assert (allot('up-mayor-2023', t).table.set_index('body').loc['D', 'category'] == 'UR') == same


def test_aligarh_just_missed_under_the_1994_text():
    e = explain('up-mayor-1994', example_path('up_corporations_17_bc_illustrative.csv'), 'Aligarh')
    m = e.margins.set_index(['figure', 'change'])
    assert e.category == 'BC' and e.places.iloc[0]['place'] == 5
    assert m.loc[('sc', 'more'), 'persons'] == 211_727 * 874_408 // 1_305_429 + 1 - 138_184 == 3_636
    assert m.loc[('sc', 'more'), 'becomes'] == 'BC-W'


def test_explain_places_in_each_arrangement_and_the_rotation_bar():
    prev = pd.DataFrame({'body': list('ABCDEFG'), 'category': ['UR', 'BC-W', 'UR', 'UR', 'UR', 'UR', 'UR']})
    e = explain('up-mayor-2023', SMALL, 'B', previous=prev, previous_date=pd.Timestamp('2023-05-01').date())
    p = e.places.set_index('arrangement')
    bc = p.loc[[i for i in p.index if i.startswith('BC')][0]]
    assert (bc['place'], bc['of'], bc['offices']) == (1, 6, 1)
    # after a previous election the walk decides: the BC walk starts next to B, where last time's ended, so B is last
    assert e.category != 'BC-W' and 'BC walk of s.7(5)(1)(d)(iii); (f) from D' in e.reason and 'position 6 of 6' in e.reason
    assert e.barred == [] and bc['position'] == 6


def test_explain_an_unknown_body_is_bad_input():
    with pytest.raises(InputError, match="no body 'Z'"):
        explain('up-mayor-2023', SMALL, 'Z')


# --- the command line ------------------------------------------------------------------------------------------------

def test_cli_check_exit_codes(tmp_path):
    assert cli('check', 'up-mayor-2023', CENSUS, DRAFT)[0] == 0
    code, out, _ = cli('check', 'up-mayor-1994', CENSUS, PROV)
    assert code == 1 and 'DEPARTS Aligarh' in out
    assert cli('check', 'up-mayor-2023', tmp_path / 'none.csv', DRAFT)[0] == 2
    assert cli('check', 'no-such-statute', CENSUS, DRAFT)[0] == 2
    assert cli('check', 'up-mayor-2023', CENSUS, DRAFT, '-i', 'percentage=nonsense')[0] == 2
    bad = tmp_path / 'bad.csv'; bad.write_text('body,category\nAgra,XX\n', encoding='utf-8')
    code, _, err = cli('check', 'up-mayor-2023', CENSUS, bad)
    assert code == 2 and "unknown category 'XX'" in err
    assert cli('check', 'up-mayor-2023', CENSUS, DRAFT, '-i', 'percentage=state-share')[0] == 1


def test_cli_check_outputs(tmp_path):
    j, c, h = tmp_path / 'c.json', tmp_path / 'c.csv', tmp_path / 'c.html'
    for f in (j, c, h): assert cli('check', 'up-mayor-1994', CENSUS, PROV, '-o', f)[0] == 1
    d = json.loads(j.read_text(encoding='utf-8'))
    assert len(d['bodies']) == 17 and d['departures'] == 10 and d['readings'][0]['departures'] <= 10
    assert list(pd.read_csv(c).columns) == ['body', 'published', 'computed', 'agrees', 'condition', 'clause', 'reason']
    html = h.read_text(encoding='utf-8')
    assert html.startswith('<!DOCTYPE html>') and 'http' not in html
    assert sorted(p.name for p in tmp_path.iterdir()) == ['c.csv', 'c.html', 'c.json', 'c.provenance.json']   # no temporary file left
    assert cli('check', 'up-mayor-1994', CENSUS, PROV, '-o', tmp_path / 'c.txt')[0] == 2


def test_cli_explain(tmp_path):
    f = tmp_path / 'e.json'
    code, out, _ = cli('explain', 'up-mayor-1994', example_path('up_corporations_17_bc_illustrative.csv'), '--body', 'Aligarh', '-o', f)
    assert code == 0 and 'Aligarh: BC' in out
    d = json.loads(f.read_text(encoding='utf-8'))
    assert d['category'] == 'BC' and any(m['figure'] == 'sc' and m['persons'] == 3636 for m in d['margins'])
    h = tmp_path / 'e.html'
    assert cli('explain', 'up-mayor-1994', example_path('up_corporations_17_bc_illustrative.csv'), '--body', 'Aligarh', '-o', h)[0] == 0
    assert '<h1>Aligarh: BC' in h.read_text(encoding='utf-8') and 'http' not in h.read_text(encoding='utf-8')
    assert cli('explain', 'up-mayor-1994', CENSUS, '--body', 'Aligarh')[0] == 2      # no bc column: refused, exit 2
    assert cli('explain', 'up-mayor-2023', example_path('up_corporations_17_bc_illustrative.csv'), '--body', 'Nowhere')[0] == 2


def test_ordinals():
    assert [ordinal(i) for i in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == \
        ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']


# --- the readings share work; renames, sheets and every table in Excel (issue #11) ---------------------------------------

from reservation_law.procedures.readings import _run, _cats, reading_label
from reservation_law.procedures.check import _departures
from reservation_law.record.check_reports import check_sheets
from reservation_law.cli import add_arguments, ARGUMENTS

BODIES17 = example_path('up_corporations_17_bc_illustrative.csv')


def test_readings_sharing_a_cache_count_what_each_reading_alone_gives():
    from reservation_law.core import registry
    from reservation_law.core.bodies import load_bodies
    from reservation_law.statutes.up_chairpersons_2023 import parishads_example_path
    src = parishads_example_path()
    pub = allot('up-palika-parishads-2023', src).table[['body', 'category']]
    pub.loc[[0, 7, 13], 'category'] = ['W', 'UR', 'SC']                    # three departures under the default reading
    c = check('up-palika-parishads-2023', src, pub)
    s, df = registry.get('up-palika-parishads-2023'), load_bodies(src, registry.get('up-palika-parishads-2023').required)
    some = c.readings.iloc[::9]                                           # every ninth reading, run alone without a cache
    want = [_departures(_cats(_run(s, df, it, None, None, None)), dict(zip(pub.body, pub.category))) for it in some.interpretations]
    assert len(c.readings) > 50 and list(some.departures) == want
    assert c.departures == int(c.readings.set_index('reading').departures['default']) > 0
    key = list(zip(c.readings['counts'], c.readings.departures))
    assert key == sorted(key) and len(set(want)) > 1                       # counts as the list's first, then rows


def renamed(tmp_path):
    "The 17 corporations in a workbook of two sheets, and a previous allotment that still calls Ayodhya Faizabad."
    bodies = pd.read_csv(BODIES17)
    book = tmp_path / 'bodies.xlsx'
    with pd.ExcelWriter(book) as w:
        bodies.head(3).to_excel(w, sheet_name='draft', index=False); bodies.to_excel(w, sheet_name='2023', index=False)
    prev = allot('up-mayor-2023', bodies).table[['body', 'category']].replace({'body': {'Ayodhya': 'Faizabad'}})
    prev.to_csv(tmp_path / 'prev.csv', index=False)
    pub = allot('up-mayor-2023', bodies, previous=prev.replace({'body': {'Faizabad': 'Ayodhya'}})).table[['body', 'category']]
    pub.to_csv(tmp_path / 'pub.csv', index=False)
    return book, tmp_path / 'prev.csv', tmp_path / 'pub.csv'


def test_check_and_explain_take_renames_and_a_sheet(tmp_path):
    book, prev, pub = renamed(tmp_path)
    c = check('up-mayor-2023', book, pub, previous=prev, renames={'Faizabad': 'Ayodhya'}, sheet='2023')
    assert c.consistent and c.provenance['parameters'] == {'sheet': '2023', 'renames': {'Faizabad': 'Ayodhya'}}
    with pytest.raises(InputError, match='--rename'): check('up-mayor-2023', book, pub, previous=prev, sheet='2023')
    with pytest.raises(InputError, match='sheet'): check('up-mayor-2023', book, pub, previous=prev, renames={'Faizabad': 'Ayodhya'})
    with pytest.raises(InputError, match='none was given'): check('up-mayor-2023', BODIES17, pub, renames={'Faizabad': 'Ayodhya'})
    e = explain('up-mayor-2023', book, 'Ayodhya', previous=prev, renames={'Faizabad': 'Ayodhya'}, sheet='2023')
    assert e.category == c.table.set_index('body').computed['Ayodhya'] and e.result.provenance['parameters']['sheet'] == '2023'
    # the CLI, as allot takes them
    assert cli('check', 'up-mayor-2023', book, pub, '--sheet', '2023', '--previous', prev, '--rename', 'Faizabad=Ayodhya')[0] == 0
    code, _, err = cli('check', 'up-mayor-2023', book, pub, '--sheet', '2023', '--previous', prev)
    assert code == 2 and "--rename 'Faizabad=NEW'" in err
    assert cli('check', 'up-mayor-2023', book, pub, '--sheet', '2023', '--previous', prev, '--rename', 'Faizabad')[0] == 2
    code, out, _ = cli('explain', 'up-mayor-2023', book, '--sheet', '2023', '--body', 'Ayodhya', '--previous', prev,
                       '--rename', 'Faizabad=Ayodhya')
    # the workbook's sheet carries the bundled file's illustrative BC figures (a copy of it, a body renamed): said first
    assert code == 0 and out.startswith('ILLUSTRATIVE: the bodies input carries') and 'Ayodhya' in out
    assert out.splitlines()[1].startswith('reservation_law')
    assert cli('explain', 'up-mayor-2023', book, '--body', 'Ayodhya')[0] == 2                 # two sheets, none chosen


def test_check_xlsx_has_every_table_as_a_sheet(tmp_path):
    import openpyxl
    f = tmp_path / 'c.xlsx'
    assert cli('check', 'up-mayor-2023', CENSUS, DRAFT, '-o', f)[0] == 0                     # no bc column: conditions
    c = check('up-mayor-2023', CENSUS, DRAFT)
    wb = openpyxl.load_workbook(f)
    assert wb.sheetnames == ['bodies', 'counts', 'readings', 'implied', 'notes and warnings', 'provenance', 'provenance JSON']
    got = pd.read_excel(f, sheet_name=None, keep_default_na=False)
    assert list(got['bodies'].body) == list(c.table.body) and list(got['bodies'].reason) == list(c.table.reason)
    assert list(got['readings'].departures) == list(c.readings.departures)
    assert list(got['readings'].columns) == ['reading', 'departures', 'counts differing', 'exact'] + [i for i in c.readings.interpretations[0]]
    assert list(got['implied'].condition) == c.implied.conditions
    assert 'Statute' in list(got['provenance'].item)
    assert f.read_bytes() == (cli('check', 'up-mayor-2023', CENSUS, DRAFT, '-o', tmp_path / 'd.xlsx'), (tmp_path / 'd.xlsx').read_bytes())[1]
    assert [t for t, _ in check_sheets(check('up-mayor-2023', BODIES17, DRAFT))][3] == 'notes and warnings'   # nothing implied


def test_check_explain_and_rotate_share_one_table_of_arguments():
    import argparse
    from reservation_law.cli import configure_check, configure_explain
    from reservation_law.cli import configure_rotate
    parsers = {}
    for name, conf in (('check', configure_check), ('explain', configure_explain), ('rotate', configure_rotate)):
        conf(p := argparse.ArgumentParser()); parsers[name] = {a.dest: a for a in p._actions}
    for dest in ('previous_date', 'rename', 'interpretation'):
        assert len({(a.type, a.metavar, str(a.default)) for a in (parsers[n][dest] for n in parsers)}) == 1, dest
    assert parsers['rotate']['previous'].help.startswith('the allotment before the first election')
    assert 'sheet' in parsers['check'] and 'sheet' in parsers['explain'] and 'sheet' not in parsers['rotate']
    p = argparse.ArgumentParser(); add_arguments(p, 'previous-date', 'rename')
    a = p.parse_args(['--previous-date', '2017-11-22', '--rename', 'A=B', '--rename', 'C=D'])
    assert str(a.previous_date) == '2017-11-22' and a.rename == ['A=B', 'C=D']
    with pytest.raises(SystemExit): p.parse_args(['--previous-date', '20171122'])      # YYYY-MM-DD only, as allot
    with pytest.raises(KeyError): add_arguments(p, 'no-such-argument')
    assert set(ARGUMENTS) >= {'statute', 'bodies', 'sheet', 'previous', 'previous-date', 'rename', 'election-date', 'interpretation'}


# --- reasons after a previous election: the walk of (f), recomputed independently from the chain ------------------

ILLUSTRATIVE = example_path('up_corporations_17_bc_illustrative.csv')


def _order(df, key):
    "Bodies by `key` (an exact Fraction or int per row) descending, ties by larger population then name: the default tie-break."
    rows = list(df.itertuples())
    return [r.body for r in sorted(rows, key=lambda r: (-key(r), -int(r.population), r.body))]


def _positions_1994(df, cats_by_election):
    "The walk of each election of the 1994 text, from the chain alone: serial order by SC percentage, each walk starting "
    "next to the last women's office (W if any, else any women's) of the one before."
    order = _order(df, lambda r: Fraction(int(r.sc), int(r.population)))
    walks_, start = [], 0
    for cats in cats_by_election:
        walk = order[start:] + order[:start]
        walks_.append(walk)
        women = [b for b in walk if cats[b] == 'W'] or [b for b in walk if cats[b].endswith('-W')]
        start = (order.index(women[-1]) + 1) % len(order) if women else 0
    return walks_


def _held(p, g):
    return bool(p) and p != 'UR' and (p == 'W' if g == 'W' else p.split('-')[0] == g)


def _orders(df) -> dict:
    "The whole order of each arrangement of the 2023 text by its key: SC and BC percentage, then population for W."
    keys = {'SC': lambda r: Fraction(int(r.sc), int(r.population)), 'BC': lambda r: Fraction(int(r.bc), int(r.population)),
            'W': lambda r: int(r.population)}
    return {g: _order(df, k) for g, k in keys.items()}


def _positions_2023_owed(df, cats_by_election):
    "The walks of each election of the 2023 text, from the chain alone, with the rule of #16: a body passed over by the women's bar alone (it did not hold the group) "
    "is owed a turn and heads the group's next walk; the walk then continues next to its last office outside that head. "
    "One out of a later arrangement at its turn (allotted an earlier group) is owed a turn too (excluded-turn=kept)."
    orders = _orders(df)
    out, ends, owed, prev = [], {}, {g: [] for g in orders}, {}
    for cats in cats_by_election:
        left, this = set(df.body), {}
        for g in ('SC', 'BC', 'W'):
            mine = {b for b in left if (cats[b] == 'W' if g == 'W' else cats[b].split('-')[0] == g)}
            order = orders[g]
            i = (order.index(ends[g]) + 1) % len(order) if g in ends else 0
            cyc = [b for b in order[i:] + order[:i] if b in left]
            due = [b for b in owed[g] if not _held(prev.get(b), g)]
            head = [b for b in due if b in left]
            walk = head + [b for b in cyc if b not in head]
            this[g] = walk
            if mine:
                reach = max(walk.index(b) for b in mine)
                passed = [b for b in walk[:reach + 1] if b not in mine and not _held(prev.get(b), g)]
                fresh = [walk.index(b) for b in mine if walk.index(b) >= len(head)]
                new = [b for b in passed if b not in due]
                if fresh:
                    ends[g] = walk[max(fresh)]
                    full = order[i:] + order[:i]          # excluded-turn=kept: out of the arrangement at its turn, owed
                    span, pset = full[:full.index(ends[g]) + 1], set(new)
                    new = [b for b in span if (b in pset or (b not in left and not _held(prev.get(b), g))) and b not in due]
                owed[g] = [b for b in due if b not in mine] + new
            left -= mine
        out.append(this); prev = cats
    return out


@pytest.mark.parametrize('sid', ['up-mayor-1994', 'up-mayor-2023'])
def test_every_reason_after_a_previous_election_names_the_walk_position_and_every_pass_over(sid):
    from reservation_law.procedures.rotate import rotate
    df = pd.read_csv(ILLUSTRATIVE)
    from datetime import date
    dates = [date(y, 5, 4) for y in ((2000, 2005, 2010, 2015) if sid == 'up-mayor-1994' else (2023, 2024, 2025, 2026))]
    chain = rotate(sid, ILLUSTRATIVE, 4, dates=dates)           # dated: each election's previous election and Art. 334 known
    cats = [dict(zip(r.table.body, r.table.category)) for r in chain.results]
    if sid == 'up-mayor-2023':                                 # the rule of #16: the record carries who is owed a turn
        assert all('owed' in w for w in chain.results[0].record['rotation']['walks'].values())
    mine = _positions_1994(df, cats) if sid == 'up-mayor-1994' else _positions_2023_owed(df, cats)
    for k in range(1, len(chain.results)):
        prev = chain.results[k - 1].table[['body', 'category']].copy(); prev.attrs['record'] = chain.results[k - 1].record
        published = chain.results[k].table[['body', 'category']]
        c = check(sid, ILLUSTRATIVE, published, previous=prev, previous_date=dates[k - 1], election_date=dates[k])
        assert c.departures == 0
        reasons = dict(zip(c.table.body, c.table.reason))
        for b, code in cats[k].items():
            if sid == 'up-mayor-1994':
                walk = mine[k]
                assert f"position {walk.index(b) + 1} of 17" in reasons[b], (k, b, reasons[b])
                # every body passed over before it: before the last office of a block, open then, and barred by (f)
                for code2 in ('SC-W', 'SC', 'BC-W', 'BC', 'W'):
                    got = [x for x in walk if cats[k][x] == code2]
                    if not got: continue
                    taken = {x for x in walk if cats[k][x] in ('SC-W', 'SC', 'BC-W', 'BC', 'W')[:('SC-W', 'SC', 'BC-W', 'BC', 'W').index(code2)]}
                    for x in walk[:walk.index(got[-1])]:
                        p = cats[k - 1][x]
                        barred = p != 'UR' and ((p.endswith('-W') or p == 'W') and (code2.endswith('-W') or code2 == 'W')
                                                or (p.split('-')[0] == code2.split('-')[0] and code2 != 'W'))
                        if barred and x not in taken and cats[k][x] != code2 and walk.index(x) < walk.index(b):
                            assert x in reasons[b], (k, b, x)
            else:
                for g in ('SC', 'BC', 'W'):                # every walk that reached it, up to the one that gave its office
                    walk = mine[k][g]
                    if b not in walk: break
                    assert f"position {walk.index(b) + 1} of {len(walk)}" in reasons[b], (k, b, g, reasons[b])
                    got = [x for x in walk if (cats[k][x] == 'W' if g == 'W' else cats[k][x].split('-')[0] == g)]
                    passed = [x for x in walk[:walk.index(got[-1])] if x not in got] if got else []
                    for x in passed:                       # passed over: before the walk's last office, yet not given it
                        if walk.index(x) < walk.index(b): assert x in reasons[b], (k, b, g, x)
                    if b in got: break
        for b in cats[k]:                                  # explain gives every body the same reason (margins aside)
            assert explain(sid, ILLUSTRATIVE, b, previous=prev, margins_of=(), previous_date=dates[k - 1],
                           election_date=dates[k]).reason == reasons[b], (k, b)


def test_check_lawful_is_a_deprecated_alias_of_consistent():
    c = check('up-mayor-2023', SMALL, OK)
    with pytest.warns(DeprecationWarning, match='consistent'):
        assert c.lawful is c.consistent is True


def test_the_2022_list_ranks_first_a_reading_whose_counts_are_the_lists():
    c = check('up-mayor-1994', CENSUS, PROV)
    assert c.readings['counts'].iloc[0] == 0 and not c.readings['contradicts'].iloc[0]
    gs = c.readings.set_index('reading')
    assert gs.loc[[r for r in gs.index if 'women-total=groups-only' in r], 'contradicts'].all()   # no W office: 3 published


def test_the_2023_draft_marks_its_bc_w_and_ur_rows_as_agreeing_on_the_condition():
    c = check('up-mayor-2023', CENSUS, DRAFT)
    t = c.table.set_index('body')
    for code in ('BC', 'BC-W', 'W', 'UR'):
        rows = t[t.computed == code]
        assert len(rows) and rows.condition.str.startswith('agrees if').all(), code
    assert (t[t.computed.isin(['SC', 'SC-W'])].condition == '').all()
    assert 'Firozabad and Shahjahanpur' in t.loc['Firozabad', 'condition'] and 'then Meerut and Saharanpur' in t.loc['Meerut', 'condition']
    assert c.conditional == 15 and 'agree only if a condition holds' in c.text()
    assert not any('state-share' in x for x in c.implied.conditions) and c.implied.detail['moot'] == ['state-share']


def test_the_caveat_and_the_first_election_are_said_in_every_format(tmp_path):
    from reservation_law.procedures.check import CAVEAT
    from reservation_law.record.check_reports import check_html, check_sheets
    c = check('up-mayor-2023', SMALL, OK)
    import html
    assert CAVEAT in c.text() and c.to_dict()['caveat'] == CAVEAT and html.escape(CAVEAT[1:]) in check_html(c)
    assert CAVEAT in dict(check_sheets(c))['notes and warnings'].text.tolist()
    assert any('checked as a first election' in n for n in c.notes) and 'lawful' not in c.to_dict()
    assert any(a.startswith('election date not given') for a in c.to_dict()['assumptions'])
    assert 'Assumption: election date not given' in c.text() and 'Assumption: election date not given' in explain('up-mayor-2023', SMALL, 'A').text()


def test_only_listed_checks_the_2006_list_from_the_command_line():
    code, out, err = cli('check', 'up-mayor-1994', CENSUS, Y2006, '--only-listed')
    assert code == 1 and '12 bodies: ' in out and ', 7 depart' in out, out
    assert 'Left out (not named by the published list): Ayodhya, Firozabad, Mathura-Vrindavan, Saharanpur, Shahjahanpur' in out
    code, out, err = cli('check', 'up-mayor-1994', CENSUS, Y2006)
    assert '17 bodies' in out and 'only_listed=True, or --only-listed' in out


def test_counts_of_december_2022_recomputed_by_hand():
    from reservation_law.procedures.counts import check_counts
    towns = pd.read_csv(example_path('census2011_up_statutory_towns.csv'))
    for kind, sid, src, n, published, want in (
            ('Nagar Palika Parishad', 'up-palika-parishads-2023', 'up_palika_parishads_2011_bc_illustrative.csv', 200, 27, 22),
            ('Nagar Panchayat', 'up-nagar-panchayats-2023', 'up_nagar_panchayats_2011_bc_illustrative.csv', 545, 73, 74)):
        d = towns[towns.kind == kind]
        sc, pop = int(d.sc.sum()), int(d.population.sum())
        q, r = divmod(n * sc, pop)
        assert q + (1 if 2 * r >= pop else 0) == want                   # half or more rounded off to one
        cc = check_counts(sid, example_path(src), {'SC': published}, n=n)
        row = cc.table.iloc[0]
        assert (row.computed, row.agrees) == (want, False) and not cc.consistent
        # the shares s with 2·published − 1 ≤ 2·n·s < 2·published + 1
        assert (row.lowest, row.highest) == (Fraction(2 * published - 1, 2 * n), Fraction(2 * published + 1, 2 * n))
        for s_ in (row.lowest, (row.lowest + row.highest) / 2):
            q, r = divmod(n * s_.numerator, s_.denominator); assert q + (2 * r >= s_.denominator) == published
        q, r = divmod(n * row.highest.numerator, row.highest.denominator); assert q + (2 * r >= row.highest.denominator) == published + 1
    code, out, err = cli('check', 'up-palika-parishads-2023', example_path('up_palika_parishads_2011_bc_illustrative.csv'),
                         '--counts', 'SC=27,N=200')
    assert code == 1 and 'published 27, the text gives 22' in out and '13.25' in out
    assert cli('check', 'up-palika-parishads-2023', example_path('up_palika_parishads_2011_bc_illustrative.csv'), '--counts', 'SC=x')[0] == 2


@pytest.mark.parametrize('counts', ['SC=²', 'SC=3,N=①', 'SC=１', 'SC=३', 'SC=' + '9' * 5000, 'SC=2,SC=6', 'SC=3,,ST=1', 'SC=-1'])
def test_counts_in_other_digits_twice_or_empty_are_bad_input(counts):
    "A count is written in the digits 0-9 (as in a file), each group once: anything else is refused, never read one way."
    code, out, err = cli('check', 'up-palika-parishads-2023', example_path('up_palika_parishads_2011_bc_illustrative.csv'),
                         '--counts', counts)
    assert code == 2 and err.startswith('error: --counts '), (code, err[:300])


def test_a_margin_says_when_it_holds_only_by_the_tie_break_and_where_the_walk_then_starts():
    df = pd.DataFrame({'body': list('ABCDEFG'), 'population': [1000, 2000, 1200, 900, 900, 1000, 1000],
                       'sc': [300, 800, 100, 100, 100, 100, 100], 'st': [0] * 7, 'bc': [100, 400, 150, 200, 150, 100, 100]})
    m = margins('up-mayor-2023', df, 'A', interpretations={'tiebreak': 'name'}, columns=('sc',)).set_index('change')
    # 400 of 1,000 is B's 800 of 2,000 exactly: A is first only because the tie-break orders by name
    assert (m.loc['more', 'persons'], m.loc['more', 'becomes']) == (100, 'SC-W')
    assert m.loc['more', 'also'] == 'only by the tie-break (tiebreak=name; with tiebreak=population-name it stays UR)'
    assert margins('up-mayor-2023', df, 'A', columns=('sc',)).set_index('change').loc['more', 'persons'] == 101
    from reservation_law.procedures.rotate import rotate
    from datetime import date
    r = rotate('up-mayor-1994', ILLUSTRATIVE, 2, dates=[date(2012, 5, 4), date(2017, 5, 4)])
    prev = r.results[0].table[['body', 'category']].copy(); prev.attrs['record'] = r.results[0].record
    e = explain('up-mayor-1994', ILLUSTRATIVE, 'Meerut', previous=prev, previous_date=date(2012, 5, 4), election_date=date(2017, 5, 4))
    row = e.margins.set_index(['figure', 'change']).loc[('sc', 'fewer')]
    assert row['also'] == 'the walk of (f) then starts at Meerut, not Mathura-Vrindavan' and row['also'] in e.text()


def test_a_previous_election_the_text_disregards_is_checked_as_a_first_election():
    from datetime import date
    c = check('up-mayor-2023', ILLUSTRATIVE, DRAFT, previous=PROV, previous_date=date(2022, 12, 5))   # before the 2023 Ordinance
    assert any(n.startswith("checked as a first election: the previous allotment given is not of a 'previous election'") for n in c.notes)
    assert not any('walk' in r for r in c.table.reason)
    e = explain('up-mayor-2023', ILLUSTRATIVE, 'Agra', previous=PROV, previous_date=date(2022, 12, 5))
    assert 'walk' not in e.reason and e.barred == []


@pytest.mark.parametrize('blank', [True, False])
def test_the_readings_not_tried_are_said_with_the_reason_alone(blank):
    "#19: the note names the reason of the refusal (InputError.reason), not the advice for a run of that reading."
    NP, STATE = 'up-nagar-panchayats-2023', {'nagar-panchayat-procedure': 'state'}
    b = pd.read_csv(example_path('up_nagar_panchayats_2011_bc_illustrative.csv')).head(12)
    pub = allot(NP, b, interpretations=STATE).table[['body', 'category']]
    if blank: b.loc[3, 'division'] = ''
    else: b = b.drop(columns='division')
    c = check(NP, b, pub, interpretations=STATE)
    note, = [n for n in c.notes if 'could not be tried' in n]
    why = "row 5, column 'division': blank division" if blank else "column 'division': missing column 'division'"
    assert f"which the input cannot give them ({why}); the other" in note, note


def test_after_a_previous_election_explain_gives_the_walk_s_cut_off_and_names_the_women_s_bar():
    "In a rotation the cut-off is the walk's last office, not the first election's top k; a bar on a women's office is not 'again'."
    e1 = allot('up-mayor-2023', example_path('up_corporations_17_bc_illustrative.csv'))
    prev = pd.DataFrame({'body': e1.table['body'], 'category': e1.table['category']}); prev.attrs['record'] = e1.record
    e = explain('up-mayor-2023', example_path('up_corporations_17_bc_illustrative.csv'), 'Lucknow', previous=prev)
    res = e.result
    cats = dict(zip(res.table['body'], res.table['category']))
    w = e.places.set_index('arrangement').loc['W (s.7(5)(1)(d)(iv))']
    assert cats[w['cut-off at']] == 'W' and cats[w['first below']] != 'W'          # the walk's last W office, then the next
    said = ' '.join(e.barred)
    assert "it held BC-W, a women's office, in the previous election: (f) bars a women's office to it this time" in said
    assert 'bars W again' not in said


@pytest.mark.parametrize('twin', ['Category', 'Body'])
def test_a_list_with_two_columns_that_could_each_be_the_one_is_refused(tmp_path, twin):
    "`Category` beside `category` in a published list: either could be meant, so neither is read (as for the bodies)."
    pub = pd.read_csv(DRAFT)
    pub[twin] = pub[twin.strip().lower()]
    pub.to_csv(tmp_path / 'pub.csv', index=False)
    with pytest.raises(InputError, match='could each be'): check('up-mayor-2023', CENSUS, tmp_path / 'pub.csv')


def test_the_tool_s_own_workbook_with_a_sheet_added_is_not_read_by_a_guess(tmp_path):
    "A result's workbook is read as the tool's own (its `allotment` sheet); with a sheet added beside them, which is meant is asked."
    import openpyxl
    bodies = example_path('up_corporations_17_bc_illustrative.csv')
    assert cli('allot', 'up-mayor-2023', bodies, '-o', tmp_path / 'own.xlsx')[0] == 0
    assert cli('check', 'up-mayor-2023', bodies, tmp_path / 'own.xlsx')[0] == 0          # its own allotment: agrees
    wb = openpyxl.load_workbook(tmp_path / 'own.xlsx')
    ws = wb.create_sheet('final list (published)')
    for r in pd.read_csv(DRAFT).itertuples(index=False): ws.append(list(r))
    wb.save(tmp_path / 'edited.xlsx')
    code, out, err = cli('check', 'up-mayor-2023', bodies, tmp_path / 'edited.xlsx')
    assert code == 2 and 'it is not said which to read' in err and 'final list (published)' in err, err


def test_a_reason_names_the_women_s_bar_that_gave_a_corporation_the_group_s_office_not_its_women_s():
    "Third election: Aligarh heads the SC walk but held W last time; the SC-W office goes to the next: every reason says why."
    from datetime import date
    bodies = example_path('up_corporations_17_bc_illustrative.csv')
    def then(res):
        p = pd.DataFrame({'body': res.table['body'], 'category': res.table['category']}); p.attrs['record'] = res.record
        return p
    e1 = allot('up-mayor-2023', bodies)
    e2 = allot('up-mayor-2023', bodies, previous=then(e1), election_date=date(2028, 5, 4))
    it = {'article-334': 'extended'}
    e3 = allot('up-mayor-2023', bodies, previous=then(e2), election_date=date(2033, 5, 4), interpretations=it)
    t = e3.table.set_index('body')
    assert (t.loc['Aligarh', 'category'], t.loc['Aligarh', 'previous'], t.loc['Saharanpur', 'category']) == ('SC', 'W', 'SC-W')
    said = "SC, not SC-W: it held W last time, and (f) bars a women's office to it this time (women-bar=any-women)"
    assert said in t.loc['Aligarh', 'reason'], t.loc['Aligarh', 'reason']
    assert 'not SC-W' not in t.loc['Saharanpur', 'reason']
    e = explain('up-mayor-2023', bodies, 'Aligarh', previous=then(e2), election_date=date(2033, 5, 4), interpretations=it)
    assert "SC, not SC-W (a women's office went to one after it): it held W in the previous election" in e.reason, e.reason


def test_check_counts_says_what_produced_it_in_every_format_and_verify_reproduces_it(tmp_path):
    "Published totals checked: the output names the version, the statute, the reading and the bodies by SHA-256; verify checks it."
    import hashlib
    pp = str(example_path('up_palika_parishads_2011_bc_illustrative.csv'))
    for suffix in ('.json', '.csv', '.xlsx', '.html'):
        code, out, err = cli('check', 'up-palika-parishads-2023', pp, '--counts', 'SC=27,BC=54,N=200', '-o', tmp_path / f'c{suffix}')
        assert code == 1 and out.startswith('ILLUSTRATIVE'), (suffix, out[:200], err)
    d = json.loads((tmp_path / 'c.json').read_text(encoding='utf-8'))
    p = d['provenance']
    assert (p['command'], p['statute']['id'], p['parameters']['counts']) == ('check', 'up-palika-parishads-2023', 'SC=27,BC=54,N=200')
    assert p['inputs'][0]['sha256'] == hashlib.sha256(open(pp, 'rb').read()).hexdigest() and 'illustrative' in p['inputs'][0]
    assert d['version'] and p['version'] == d['version'] and 'interpretations' in p
    assert json.loads((tmp_path / 'c.provenance.json').read_text(encoding='utf-8'))['provenance']['inputs'] == p['inputs']
    assert p['inputs'][0]['sha256'] in (tmp_path / 'c.html').read_text(encoding='utf-8')
    code, out, err = cli('verify', tmp_path / 'c.json', pp)
    assert code == 0 and out.startswith('reproduced: check'), (out, err)
    d['groups'][0]['published'] = 28
    (tmp_path / 'e.json').write_text(json.dumps(d), encoding='utf-8')
    code, out, err = cli('verify', tmp_path / 'e.json', pp)
    assert code == 1 and 'groups[1].published: was 28, now 27' in out, out          # (rows counted from 1)


@pytest.mark.parametrize('counts', ['SC=2,SC=6', ['SC=27'], {'SC': 27}, 'SC=٢,N=6'])
def test_verify_of_a_check_whose_saved_counts_were_edited_is_bad_input(workdir, counts):
    "The counts a saved `check --counts` gives are held to what the command line takes: an edit is exit 2, naming the field."
    pp = example_path('up_palika_parishads_2011_bc_illustrative.csv')
    assert cli('check', 'up-palika-parishads-2023', pp, '--counts', 'SC=27,N=200', '-o', 'c.json')[0] in (0, 1)
    d = json.loads(Path('c.json').read_text(encoding='utf-8'))
    d['provenance']['parameters']['counts'] = counts
    Path('e.json').write_text(json.dumps(d, ensure_ascii=False), encoding='utf-8')
    code, _, err = cli('verify', 'e.json', pp)
    assert code == 2 and 'e.json' in err and 'counts' in err and 'internal error' not in err, err


def test_a_corporation_barred_only_from_the_women_s_office_is_said_to_be_passed_over_for_it():
    """A and B held W last time; the SC walk gives SC-W to C (the first that may take a women's office) and SC to A: B was
    passed over for SC-W, not for SC (W does not bar SC), and the SC office went to A before it (a review found 'passed
    over for SC: … (f) bars a women's office', which reads as a breach of (f) where the walk's order decided)."""
    df = pd.DataFrame({'body': list('ABCDEF'), 'population': [1000] * 6, 'sc': [600, 550, 500, 300, 200, 100], 'st': [0] * 6, 'bc': [0] * 6})
    prev = pd.DataFrame({'body': list('ABCDEF'), 'category': ['W', 'W', 'UR', 'UR', 'UR', 'UR']})
    assert dict(zip(*(rl.allot('up-mayor-2023', df, previous=prev).table[c] for c in ('body', 'category'))))['A'] == 'SC'
    reason = explain('up-mayor-2023', df, 'B', previous=prev).reason
    assert 'passed over for SC-W: it held W in the previous election' in reason and 'the SC office went to A, before it' in reason, reason
    assert 'passed over for SC:' not in reason


def test_a_departure_that_repeats_an_office_f_bars_says_so():
    "A published list giving A a women's office again after W last time: the departure names the bar of (f), not only the walk."
    df = pd.DataFrame({'body': list('ABCDEF'), 'population': [1000] * 6, 'sc': [600, 550, 500, 300, 200, 100], 'st': [0] * 6, 'bc': [0] * 6})
    prev = pd.DataFrame({'body': list('ABCDEF'), 'category': ['W', 'W', 'UR', 'UR', 'UR', 'UR']})
    got = rl.allot('up-mayor-2023', df, previous=prev).table.set_index('body').category.to_dict()
    pub = pd.DataFrame({'body': list(got), 'category': [('W' if b == 'A' else 'SC' if b == 'D' else c) for b, c in got.items()]})
    t = check('up-mayor-2023', df, pub, previous=prev).table.set_index('body')
    assert 'published W (a category (f) bars to it: it held W in the previous election: (f) bars W again)' in t.loc['A', 'reason'], t.loc['A', 'reason']
    assert 'a category (f) bars' not in t.loc['D', 'reason']           # D held nothing barred: a departure, not a bar


def test_a_corporation_owed_a_turn_is_said_to_be_at_the_walk_s_head_not_after_the_owed():
    "A review found 'position 3 of the cyclic walk (next to Jhansi, …, after the 4 corporation(s) owed a turn)' of one of those 4."
    from reservation_law.procedures.rotate import rotate
    r = rotate('up-mayor-2023', ILLUSTRATIVE, 6)
    owed = [(res, row) for res in r.results[1:] for row in res.table.itertuples() if ', owed a turn (' in str(row.reason)]
    assert owed, 'no corporation was owed a turn in six elections'
    for res, row in owed:
        assert 'owed a turn, at the head of the walk, before it continues next to' in row.reason, row.reason
        assert 'after the' not in row.reason.split('(f): ')[1].split(')')[0], row.reason
    from reservation_law.procedures.walks import walks
    ws = walks(r.results[1], dict(zip(r.results[0].table.body, r.results[0].table.category)), r.results[0].record['rotation'])
    headed = [w for w in ws if w.owed]
    assert all('the first of the' in w.start() and 'the cycle then from' in w.start() for w in headed)


def test_a_margin_that_changes_the_counts_of_b_says_so_first():
    "274,654 more persons in Lucknow's sc make it SC because the State's SC offices become 2: the margin says that (a review)."
    m = explain('up-mayor-2023', ILLUSTRATIVE, 'Lucknow').margins.set_index(['figure', 'change'])
    assert m.loc[('sc', 'more'), 'becomes'] == 'SC'
    assert m.loc[('sc', 'more'), 'also'].startswith('the offices of each category change with it (SC 2, not 1'), m.loc[('sc', 'more'), 'also']
    assert m.loc[('bc', 'fewer'), 'also'] == ''                    # the body's own place decides: the counts stay
