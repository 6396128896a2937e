"check and explain: departures, readings, margins, the conditions a list implies on missing BC figures, the CLI."
import io, json
from fractions import Fraction
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from reservation_law.bodies import example_path, InputError
from reservation_law.api import allot
from reservation_law.check import (bc_range, bc_offices_for, witness_bc, _witness_ok, check, explain, margins,
                                   readings, walk_starts, ordinal)
from reservation_law.cli import run

CENSUS = example_path('census2011_up_corporations_17.csv')
DRAFT = example_path('published_up_mayor_2023_03_30_draft.csv')
PROV = example_path('published_up_mayor_2022_12_05_provisional.csv')
Y2006 = example_path('published_up_mayor_2006.csv')

# Seven made-up corporations, checkable by hand (see nbs/14_check.ipynb): P = 7,000, N = 7; SC 1 office (SC-W),
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

def test_a_lawful_list_has_no_departure_under_any_reading():
    c = check('up-mayor-2023', SMALL, OK, exhaustive=True)     # 128 readings since women-first (#16): above the budget
    assert c.departures == 0 and c.lawful and len(c.readings) == len(readings('up-mayor-2023')) and c.readings.exact.all()


def test_a_departure_names_the_place_and_the_cut_off():
    c = check('up-mayor-2023', SMALL, BAD)
    assert c.departures == 2 and not c.lawful
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
    assert (w.published, w.computed, w.agrees) == (2, 1, False) and not c.lawful


def test_readings_are_sorted_fewest_departures_first():
    c = check('up-mayor-2023', SMALL, OK.assign(category=['SC-W', 'BC-W', 'UR', 'UR', 'UR', 'W', 'UR']), exhaustive=True)
    d = list(c.readings.departures)
    assert d == sorted(d) and len(c.readings) == len(readings('up-mayor-2023'))
    assert {tuple(sorted(r.items())) for r in c.readings.interpretations} == {tuple(sorted(r.items())) for r in readings('up-mayor-2023')}


def test_to_dict_has_the_documented_fields_and_is_json():
    d = check('up-mayor-2023', SMALL, BAD).to_dict()
    json.dumps(d)
    assert d['bodies'][3] == {'body': 'D', 'published': 'BC-W', 'computed': 'UR', 'agrees': False,
                              'clause': 's.7(5)(1)(d)(iii)', 'reason': d['bodies'][3]['reason']}
    assert set(d['readings'][0]) == {'interpretations', 'departures', 'exact'} and 'provenance' in d


def test_a_published_body_not_in_the_input_is_bad_input():
    with pytest.raises(InputError, match='not in the input: Z'):
        check('up-mayor-2023', SMALL, pd.concat([OK, pd.DataFrame({'body': ['Z'], 'category': ['UR']})]))


def test_a_body_missing_from_the_published_list_departs():
    c = check('up-mayor-2023', SMALL, OK[OK.body != 'G'])
    assert c.departures == 1 and c.table.set_index('body').loc['G', 'published'] == ''


# --- what a list implies about missing BC figures -------------------------------------------------------------------

def test_without_bc_the_list_implies_an_order_and_a_range():
    c = check('up-mayor-2023', SMALL.drop(columns='bc'), BAD)
    assert c.departures == 0                       # lawful, if the conditions hold
    assert c.implied.detail['state_total'] == {'offices': 1, 'lowest': 501, 'highest': None, 'population': 7000}
    assert c.implied.detail['order']['own-population'] == {'first': ['D'], 'then': [], 'of': list('BCDEFG'), 'by': 'BC percentages'}
    assert 'the BC percentage of D is the highest of the 6 corporations left after SC' in ' '.join(c.implied.conditions)


def test_without_bc_a_list_the_other_steps_forbid_still_departs():
    # D published SC-W: SC goes to A whatever the BC figures
    c = check('up-mayor-2023', SMALL.drop(columns='bc'), OK.assign(category=['UR', 'BC-W', 'W', 'SC-W', 'UR', 'UR', 'UR']))
    assert set(c.table.query('agrees == False').body) == {'A', 'D'}


def test_without_bc_an_impossible_count_is_said():
    pub = OK.assign(category=['SC-W', 'BC-W', 'W', 'BC', 'UR', 'UR', 'UR'])      # 2 BC offices: the cap of 7 is 1
    c = check('up-mayor-2023', SMALL.drop(columns='bc'), pub)
    assert c.implied.detail['state_total'] is None and 'at most 1 of 7' in c.implied.conditions[0] and not c.lawful


def test_without_bc_and_with_a_previous_allotment_the_bc_offices_are_not_checked():
    prev = pd.read_csv(DRAFT)
    c = check('up-mayor-2023', CENSUS, prev, previous=prev, previous_date=pd.Timestamp('2023-05-01').date())
    t = c.table.set_index('body')
    assert t.agrees[t.published.isin(['BC', 'BC-W'])].isna().all()
    assert t.loc['Agra', 'agrees'] is False and 'it held SC-W in the previous election' in t.loc['Agra', 'reason']
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
    assert c.departures == 0 and c.lawful
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
    assert e.category != 'BC-W' and any('held BC-W in the previous election' in b for b in e.barred)


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
    assert list(pd.read_csv(c).columns) == ['body', 'published', 'computed', 'agrees', 'clause', 'reason']
    html = h.read_text(encoding='utf-8')
    assert html.startswith('<!DOCTYPE html>') and 'http' not in html
    assert sorted(p.name for p in tmp_path.iterdir()) == ['c.csv', 'c.html', 'c.json']   # no temporary file left
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

from reservation_law.check import _run, _cats, _departures, check_sheets, add_arguments, ARGUMENTS, reading_label

BODIES17 = example_path('up_corporations_17_bc_illustrative.csv')


def test_readings_sharing_a_cache_count_what_each_reading_alone_gives():
    from reservation_law import registry
    from reservation_law.bodies import load_bodies
    from reservation_law.up_chairpersons_2023 import parishads_example_path
    src = parishads_example_path()
    pub = allot('up-palika-parishads-2023', src).table[['body', 'category']]
    pub.loc[[0, 7, 13], 'category'] = ['W', 'UR', 'SC']                    # three departures under the default reading
    c = check('up-palika-parishads-2023', src, pub)
    s, df = registry.get('up-palika-parishads-2023'), load_bodies(src, registry.get('up-palika-parishads-2023').required)
    some = c.readings.iloc[::9]                                           # every ninth reading, run alone without a cache
    want = [_departures(_cats(_run(s, df, it, None, None, None)), dict(zip(pub.body, pub.category))) for it in some.interpretations]
    assert len(c.readings) > 50 and list(some.departures) == want
    assert c.departures == int(c.readings.set_index('reading').departures['default']) > 0
    assert list(c.readings.departures) == sorted(c.readings.departures) and len(set(want)) > 1


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
    assert c.lawful and c.provenance['parameters'] == {'sheet': '2023', 'renames': {'Faizabad': 'Ayodhya'}}
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
    assert code == 0 and out.startswith('reservation_law') and 'Ayodhya' in out
    assert cli('explain', 'up-mayor-2023', book, '--body', 'Ayodhya')[0] == 2                 # two sheets, none chosen


def test_check_xlsx_has_every_table_as_a_sheet(tmp_path):
    import openpyxl
    f = tmp_path / 'c.xlsx'
    assert cli('check', 'up-mayor-2023', CENSUS, DRAFT, '-o', f)[0] == 0                     # no bc column: conditions
    c = check('up-mayor-2023', CENSUS, DRAFT)
    wb = openpyxl.load_workbook(f)
    assert wb.sheetnames == ['bodies', 'counts', 'readings', 'implied', 'notes and warnings', 'provenance']
    got = pd.read_excel(f, sheet_name=None, keep_default_na=False)
    assert list(got['bodies'].body) == list(c.table.body) and list(got['bodies'].reason) == list(c.table.reason)
    assert list(got['readings'].departures) == list(c.readings.departures)
    assert list(got['readings'].columns) == ['reading', 'departures', 'exact'] + [i for i in c.readings.interpretations[0]]
    assert list(got['implied'].condition) == c.implied.conditions
    assert 'Statute' in list(got['provenance'].item)
    assert f.read_bytes() == (cli('check', 'up-mayor-2023', CENSUS, DRAFT, '-o', tmp_path / 'd.xlsx'), (tmp_path / 'd.xlsx').read_bytes())[1]
    assert [t for t, _ in check_sheets(check('up-mayor-2023', BODIES17, DRAFT))][3] == 'notes and warnings'   # nothing implied


def test_check_explain_and_rotate_share_one_table_of_arguments():
    import argparse
    from reservation_law.check import configure_check, configure_explain
    from reservation_law.rotate import configure_rotate
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
