"The allotment order of s.7(5)(3): dates, the list in English and Hindi, the self-contained page, the CLI."
import io, re
from datetime import date
import pandas as pd
import pytest
from reservation_law.bodies import example_path, InputError
from reservation_law.cli import run
from reservation_law.order import allotment_order, objections_until, HINDI, ENGLISH, HINDI_NAMES

CENSUS = example_path('census2011_up_corporations_17.csv')
DRAFT = example_path('published_up_mayor_2023_03_30_draft.csv')
ILLUSTRATIVE = example_path('up_corporations_17_bc_illustrative.csv')


def cli(*args):
    out, err = io.StringIO(), io.StringIO()
    return run([str(a) for a in args], out, err), out.getvalue(), err.getvalue()


def test_objections_not_less_than_seven_days():
    assert objections_until(date(2023, 3, 30)) == date(2023, 4, 6)
    assert objections_until(date(2023, 12, 28)) == date(2024, 1, 4)
    assert objections_until(date(2024, 2, 25), date(2024, 3, 3)) == date(2024, 3, 3)     # leap year: 25 Feb + 7 = 3 Mar
    with pytest.raises(InputError, match='not less than seven days'):
        objections_until(date(2024, 2, 25), date(2024, 3, 2))


def test_the_draft_lists_every_body_with_its_reservation_in_both_languages():
    o = allotment_order('up-mayor-2023', CENSUS, date(2023, 3, 30), allotment=DRAFT)
    pub = pd.read_csv(DRAFT).set_index('body').category
    t = o.table.set_index('body')
    assert list(t.index) == list(pd.read_csv(CENSUS).body) and (t.category == pub[t.index]).all()
    assert all(t.loc[b, 'आरक्षण'] == HINDI[c] and t.loc[b, 'reservation'] == ENGLISH[c] for b, c in pub.items())
    assert o.until == date(2023, 4, 6) and o.departures == 0
    page = o.html()
    for b in t.index: assert HINDI_NAMES[b] in page and b in page
    for term in ('अनुसूचित जाति', 'पिछड़ा वर्ग', 'महिला', 'अनारक्षित', '6 April 2023', '6 अप्रैल 2023', 'प्रारूप आदेश'):
        assert term in page


def test_the_page_is_self_contained():
    page = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 3, 30)).html()
    assert '<meta charset="utf-8">' in page and '@page' in page and 'size: A4' in page
    assert not re.search(r'https?:|src=|@import|<link|<script', page)


def test_a_computed_order_and_a_settled_list_that_departs():
    o = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 3, 30))
    assert o.result is not None and o.departures is None and len(o.table) == 17
    f = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 4, 9), final=True, allotment=DRAFT)
    assert f.until is None and f.departures > 0 and 'अंतिम आदेश' in f.html() and 'Objections to this draft' not in f.html()


def test_a_settled_list_must_name_the_same_bodies():
    lst = pd.read_csv(DRAFT).iloc[:-1]
    with pytest.raises(InputError, match='not in the allotment: Varanasi'):
        allotment_order('up-mayor-2023', CENSUS, date(2023, 3, 30), allotment=lst)


def test_name_hi_column_is_used():
    b = pd.read_csv(ILLUSTRATIVE).assign(name_hi=lambda d: ['नाम ' + x for x in d.body])
    o = allotment_order('up-mayor-2023', b, date(2023, 3, 30))
    assert o.table.name_hi.iloc[0] == 'नाम Agra'


def test_only_the_mayor_texts_have_this_order():
    with pytest.raises(ValueError, match='offices of Mayor'):
        allotment_order('up-palika-parishads-2023', ILLUSTRATIVE, date(2023, 3, 30))


def test_cli_order(tmp_path):
    out = tmp_path / 'o.html'
    code, _, err = cli('order', 'up-mayor-2023', CENSUS, '--draft', '--date', '2023-03-30', '--allotment', DRAFT, '-o', out)
    assert code == 0 and 'objections until 6 April 2023' in err and 'अनारक्षित' in out.read_text(encoding='utf-8')
    assert [p.name for p in tmp_path.iterdir()] == ['o.html']
    code, html, _ = cli('order', 'up-mayor-1994', ILLUSTRATIVE, '--final', '--date', '2022-12-05')
    assert code == 0 and html.startswith('<!DOCTYPE html>')
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--date', '2023-03-30')[0] == 2                    # neither --draft nor --final
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '2023-03-30', '--objections-until', '2023-04-05')[0] == 2
    assert cli('order', 'up-mayor-2023', CENSUS, '--draft', '--date', '2023-03-30')[0] == 2               # no bc to compute with
    assert cli('order', 'municipal-council', ILLUSTRATIVE, '--draft', '--date', '2023-03-30')[0] == 2
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '30-03-2023')[0] == 2
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '2023-03-30', '-o', tmp_path / 'o.pdf')[0] == 2
