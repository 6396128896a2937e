"The allotment order of s.7(5)(3): dates, the list in English and Hindi, the self-contained page, the CLI."
import io, re
from datetime import date
import pandas as pd
import pytest
from reservation_law.core.bodies import example_path, InputError
from reservation_law.cli import run
from reservation_law.procedures.order import allotment_order, objections_until, HINDI, ENGLISH, HINDI_NAMES

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
    f = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 4, 9), final=True, allotment=DRAFT, draft_date=date(2023, 3, 30))
    assert f.until == date(2023, 4, 6) and f.departures > 0 and 'अंतिम आदेश' in f.html() and 'Objections to this draft' not in f.html()


def test_a_settled_list_must_name_the_same_bodies():
    lst = pd.read_csv(DRAFT).iloc[:-1]
    with pytest.raises(InputError, match='not in the allotment: Varanasi'):
        allotment_order('up-mayor-2023', CENSUS, date(2023, 3, 30), allotment=lst)


@pytest.mark.parametrize('agra, want', [
    ('=HYPERLINK("http://x","आगरा")', "begins with '='"), ('आगरा\x1b[2J', 'control character'), ('आगरा\u202e', 'bidirectional'),
    ('आग\u200bरा', 'invisible'), ('अलीगढ़', 'is given to Agra (row 2) and to Aligarh'), ('अलीगढ\u093c', 'is given to Agra (row 2) and to Aligarh')])
def test_a_hindi_name_that_cannot_be_one_or_is_another_body_s_is_refused(tmp_path, agra, want):
    "The order prints `name_hi` as each body's name: held to what a name is held to, and each body's its own; nothing written."
    b = pd.read_csv(ILLUSTRATIVE).assign(name_hi=lambda d: [{'Aligarh': 'अलीगढ़'}.get(x, 'नाम ' + x) for x in d.body])
    b.loc[b.body == 'Agra', 'name_hi'] = agra
    b.to_csv(tmp_path / 'b.csv', index=False)
    code, out, err = cli('order', 'up-mayor-2023', tmp_path / 'b.csv', '--draft', '--date', '2023-03-30', '-o', tmp_path / 'o.html')
    assert code == 2 and 'row 2' in err and 'name_hi' in err and want in err, err
    assert not (tmp_path / 'o.html').exists()


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
    code, html, err = cli('order', 'up-mayor-1994', ILLUSTRATIVE, '--final', '--date', '2022-12-05', '--draft-date', '2022-11-25')
    assert code == 0 and html.startswith('<!DOCTYPE html>') and 'point to resolve: gap' in err and 'Gazette' in html
    assert cli('order', 'up-mayor-1994', ILLUSTRATIVE, '--final', '--date', '2022-12-05')[0] == 2                # no --draft-date
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--date', '2023-03-30')[0] == 2                    # neither --draft nor --final
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '2023-03-30', '--objections-until', '2023-04-05')[0] == 2
    assert cli('order', 'up-mayor-2023', CENSUS, '--draft', '--date', '2023-03-30')[0] == 2               # no bc to compute with
    assert cli('order', 'municipal-council', ILLUSTRATIVE, '--draft', '--date', '2023-03-30')[0] == 2
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '30-03-2023')[0] == 2
    assert cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '2023-03-30', '-o', tmp_path / 'o.pdf')[0] == 2


def test_a_date_outside_the_texts_period_is_refused_or_forced_and_said():
    with pytest.raises(InputError, match='not on 5 December 2022'):
        allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2022, 12, 5))
    with pytest.raises(InputError, match='in force from 30 May 1994 until 29 March 2023: not on 10 April 2023'):
        allotment_order('up-mayor-1994', ILLUSTRATIVE, date(2023, 4, 10))
    assert allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 3, 30)).forced == []      # the first day in force
    o = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2022, 12, 5), force=True)
    assert o.forced and 'Made outside the text' in o.html()
    code, html, err = cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '2022-12-05')
    assert code == 2 and 'not on 5 December 2022' in err
    code, html, err = cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--draft', '--date', '2022-12-05', '--force')
    assert code == 0 and 'warning: the text of up-mayor-2023' in err and 'Made outside the text' in html


def test_a_final_order_inside_the_objection_period_is_refused():
    kw = dict(final=True, draft_date=date(2023, 3, 30))
    for d in (date(2023, 3, 30), date(2023, 4, 6)):                     # the last day for objections is still inside it
        with pytest.raises(InputError, match='before the objection period has run'):
            allotment_order('up-mayor-2023', ILLUSTRATIVE, d, **kw)
    assert allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 4, 7), **kw).until == date(2023, 4, 6)
    # the period runs from publication: published 2 April, objections until 9 April, a final order from 10 April
    with pytest.raises(InputError, match='until 9 April 2023'):
        allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 4, 9), published=date(2023, 4, 2), **kw)
    f = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 4, 10), published=date(2023, 4, 2), **kw)
    assert 'published 2 April 2023, objections' in f.html() and 'published in the Gazette' in f.html()
    g = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 4, 7), **kw)
    assert 'of 30 March 2023, published 30 March 2023 (taken to be the date of the draft), objections to which were received until 6 April 2023' in g.html()
    d = allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 3, 30), published=date(2023, 4, 2))
    assert d.until == date(2023, 4, 9) and 'date of publication of this draft, 2 April 2023.' in d.html()
    with pytest.raises(InputError, match='cannot be published before it'):
        allotment_order('up-mayor-2023', ILLUSTRATIVE, date(2023, 3, 30), published=date(2023, 3, 29))
    code, _, err = cli('order', 'up-mayor-2023', ILLUSTRATIVE, '--final', '--date', '2023-04-05', '--draft-date', '2023-03-30')
    assert code == 2 and 'before the objection period has run' in err


def test_the_allotments_warnings_are_on_the_draft_and_the_final_order():
    for final in (False, True):
        o = allotment_order('up-mayor-1994', ILLUSTRATIVE, date(2022, 12, 5) if not final else date(2022, 12, 20), final=final,
                            draft_date=date(2022, 12, 5) if final else None)
        assert o.points == [str(w) for w in o.result.warnings] and o.points
        page = o.html().replace('&#x27;', "'")
        assert 'Points to resolve' in page and all(p in page for p in o.points)
    s = allotment_order('up-mayor-2023', CENSUS, date(2023, 3, 30), allotment=DRAFT)         # a settled list: the check's warnings
    assert s.points == [str(w) for w in __import__('reservation_law.procedures.check', fromlist=['check']).check('up-mayor-2023', CENSUS, DRAFT).warnings]


@pytest.mark.parametrize('argv', [['--draft', '--date', '9999-12-25'], ['--draft', '--date', '2023-03-30', '--published', '9999-12-31'],
                                  ['--draft', '--date', '9999-12-31', '--force']])
def test_a_draft_whose_objections_would_run_past_the_calendar_is_bad_input(workdir, argv):
    "Seven days after 25 December 9999 is past the last date Python (and the calendar of the tool) knows: exit 2, never 3."
    code, _, err = cli('order', 'up-mayor-2023', CENSUS, *argv, '-o', 'o.html')
    assert code == 2 and 'past 31 December 9999' in err and 'internal error' not in err, err
    assert not (workdir / 'o.html').exists()
