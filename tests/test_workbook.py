"""The workbook (nbs/50_workbook.ipynb): its widgets driven headlessly (the callbacks a click or an edit fires), and the
page Voilà serves driven in Chromium: figures loaded, a reading changed, the allotment shown equal to `allot`'s."""
import io, json, os, signal, socket, subprocess, sys, time, urllib.request
from pathlib import Path
import pandas as pd
import pytest
from conftest import ROOT, in_ci, used_fonts
from reservation_law.procedures.allot import allot
from reservation_law.core.bodies import example_path, load_bodies
from reservation_law.core.json import from_json

pytest.importorskip('ipywidgets')
from reservation_law.workbook import Workbook, read_pasted

CORPS = example_path('up_corporations_17_bc_illustrative.csv')


def shown(wb) -> list:
    "The allotment the workbook shows (its list table), as (body, category)."
    import re, html
    body = wb.out['list'].value.split('<tbody>')[1]
    rows = [re.findall(r'<td>(.*?)</td>', r, re.S) for r in re.findall(r'<tr>(.*?)</tr>', body, re.S)]
    return [(html.unescape(r[0]), html.unescape(r[1])) for r in rows]


def expected(df, statute='up-mayor-2023', **it) -> list:
    r = allot(statute, df, interpretations=it or None)
    return list(zip(r.table.body, r.table.category))


@pytest.fixture
def wb(tmp_path):
    return Workbook(pictures=False, folder=tmp_path)


def test_the_workbook_opens_on_the_bundled_figures_and_shows_what_allot_gives(wb):
    assert shown(wb) == expected(load_bodies(CORPS))
    for k in ('counts', 'arrangements', 'derivation', 'warnings', 'produced'): assert wb.out[k].value, k
    assert 'cut-off after place' in wb.out['arrangements'].value
    assert 'up-mayor-2023' in wb.out['produced'].value


def test_no_table_of_the_workbook_names_a_column_twice(wb):
    "The W arrangement is by population: its key column is the population, shown once (it was twice, once unformatted)."
    import re
    html_ = wb.out['arrangements'].value
    assert 'W (s.7(5)(1)(d)(iv))' in html_
    for head in re.findall(r'<thead>(.*?)</thead>', html_, re.S):
        names = re.findall(r'<th[^>]*>(.*?)</th>', head)
        assert len(names) == len(set(names)), names


def test_a_figure_typed_in_the_grid_recomputes_everything(wb):
    wb.grid.set('Jhansi', 'sc', 1000)
    df = load_bodies(CORPS).assign(sc=lambda d: d.sc.where(d.body != 'Jhansi', 1000))
    assert shown(wb) == expected(df) != expected(load_bodies(CORPS))


def test_a_reading_chosen_in_a_menu_recomputes(wb):
    wb.menus['percentage'].value = 'state-share'
    assert wb.result.interpretations['percentage'] == 'state-share'
    assert shown(wb) == expected(load_bodies(CORPS), percentage='state-share')


def test_the_line_naming_what_produced_a_result_is_shown_after_the_result_it_names(wb):
    # the page applies the widgets' updates in the order they are sent: were the 'produced' line sent first, a page would
    # for a moment show this run's readings above the last run's table (the served page's test once read it so)
    sent = []
    for k, w in wb.out.items(): w.observe(lambda ch, k=k: sent.append(k), names='value')
    wb.menus['percentage'].value = 'state-share'
    assert sent[-1] == 'produced' and 'list' in sent, sent      # (a widget whose value is unchanged sends nothing)


def test_a_table_pasted_from_excel_replaces_the_figures(wb):
    df = pd.read_csv(CORPS).head(9)
    wb.paste.value = df.to_csv(sep='\t', index=False)
    wb.use_paste.click()
    assert len(wb.grid.cells) == 9 and shown(wb) == expected(load_bodies(df))


def test_an_excel_file_uploaded_replaces_the_figures(wb):
    buf = io.BytesIO()
    pd.read_csv(CORPS).head(11).to_excel(buf, index=False)
    wb._uploaded({'new': ({'name': 'mine.xlsx', 'content': memoryview(buf.getvalue())},)})   # what FileUpload sends
    assert len(wb.grid.cells) == 11 and shown(wb) == expected(load_bodies(pd.read_csv(CORPS).head(11)))


def test_another_statute_asks_for_its_own_columns(wb):
    wb.paste.value = pd.read_csv(example_path('up_palika_parishads_example.csv')).to_csv(index=False)
    wb.use_paste.click()
    wb.statute.value = 'up-palika-parishads-2023'
    assert wb.grid.columns == ['body', 'population', 'sc', 'st', 'bc', 'women', 'division']
    assert set(wb.menus) == {i.name for i in __import__('reservation_law.core.registry', fromlist=['get']).get('up-palika-parishads-2023').interpretations}
    df = load_bodies(example_path('up_palika_parishads_example.csv'), ('population', 'sc', 'st', 'bc', 'women', 'division'))
    assert shown(wb) == expected(df, 'up-palika-parishads-2023')


def test_a_bad_figure_is_one_error_line_and_nothing_computed(wb):
    wb.grid.set('Agra', 'population', 'many')
    assert wb.result is None and wb.error.startswith("error: the figures, row 2 (body 'Agra'), column 'population'")
    assert 'nothing computed' in wb.out['status'].value and wb.out['list'].value == ''
    wb.save.click()
    assert 'Nothing to save' in wb.out['saved'].value and not list(wb.folder.iterdir())
    wb.grid.set('Agra', 'population', '1585704')
    assert wb.result is not None and wb.error == ''


def test_save_writes_the_json_excel_and_html_outputs(wb):
    wb.menus['tiebreak'].value = [o for o in wb.menus['tiebreak'].options if o[1] != 'population-name'][0][1]
    wb.save.click()
    files = sorted(p.name for p in wb.folder.iterdir())
    assert files == ['allotment-up-mayor-2023.html', 'allotment-up-mayor-2023.json', 'allotment-up-mayor-2023.xlsx']
    back = from_json(wb.folder / 'allotment-up-mayor-2023.json')
    assert list(zip(back.table.body, back.table.category)) == shown(wb)
    assert back.interpretations['tiebreak'] == wb.menus['tiebreak'].value
    assert 'data:font/woff' in (wb.folder / 'allotment-up-mayor-2023.html').read_text(encoding='utf-8')
    assert 'download="allotment-up-mayor-2023.xlsx"' in wb.out['saved'].value
    assert pd.read_excel(wb.folder / 'allotment-up-mayor-2023.xlsx', sheet_name=None)


def test_pasted_csv_is_read_as_text():
    assert read_pasted('body,population\nA,1000\n').to_dict('list') == {'body': ['A'], 'population': ['1000']}


# ---------------------------------------------------------------- the page Voilà serves, in Chromium
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


@pytest.fixture(scope='module')
def voila():
    "`make app`'s server (tools/app.py: Voilà on the workbook) on a free port of 127.0.0.1, up within 90 s, killed after."
    exe = Path(sys.executable).with_name('voila')
    if not exe.exists():
        if in_ci(): pytest.fail('voila not installed (requirements-dev.txt)')
        pytest.skip('voila not installed')
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get('PYTHONPATH', ''))
    proc = subprocess.Popen([sys.executable, str(ROOT / 'tools' / 'app.py'), str(ROOT / 'nbs' / '50_workbook.ipynb'), '--no-browser',
                             f'--port={port}', '--Voila.ip=127.0.0.1'],   # as `make app` starts it
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f'http://127.0.0.1:{port}/'
    try:
        for _ in range(180):
            try:
                with urllib.request.urlopen(url, timeout=2): break
            except OSError: time.sleep(0.5)
            if proc.poll() is not None: pytest.fail('voila exited')
        else: pytest.fail('voila did not answer within 90 s')
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try: proc.wait(timeout=10)
        except subprocess.TimeoutExpired: os.killpg(proc.pid, signal.SIGKILL)


pytest_browser = pytest.mark.browser


@pytest_browser
def test_the_served_workbook_loads_figures_changes_a_reading_and_shows_what_allot_gives(browser, voila):
    ctx = browser.new_context(viewport={'width': 1300, 'height': 1000})
    page = ctx.new_page()
    offsite = []
    def route(r):
        if r.request.url.startswith(('http://127.0.0.1', 'ws://127.0.0.1', 'data:', 'blob:', 'about:')): return r.continue_()
        offsite.append(r.request.url)
        return r.abort()
    page.route('**/*', route)
    try:
        page.goto(voila, wait_until='domcontentloaded', timeout=90_000)
        page.wait_for_selector('table.allotment', timeout=90_000)
        text = page.locator('body').inner_text()
        assert 'from reservation_law' not in text and 'Workbook()' not in text                     # a page with no code
        assert page.locator('.jp-CodeMirrorEditor, .cm-content').count() == 0
        from reservation_law.workbook import WORDS
        for key in ('figures', 'statute', 'result', 'save', 'paste', 'add'):   # every heading and button in Hindi and in English
            assert all(w in text for w in WORDS[key]), (key, WORDS[key])
        cut = page.eval_on_selector_all('button', 'bs => bs.filter(b => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)')
        assert not cut, f'buttons whose words are cut off: {cut}'
        table = lambda: [tuple(r) for r in page.eval_on_selector_all('table.allotment tbody tr',
                                                                      'rs => rs.map(r => [...r.cells].slice(0, 2).map(c => c.innerText))')]
        # load figures: the 17 corporations with Jhansi's SC changed, pasted as from Excel
        df = pd.read_csv(CORPS)
        df.loc[df.body == 'Jhansi', 'sc'] = 1000
        df.loc[df.body == 'Agra', 'body'] = 'आगरा'                 # a name typed in Hindi: drawn in the shipped font
        page.locator('.widget-textarea textarea').fill(df.to_csv(sep='\t', index=False))
        page.locator('button:has-text("use the pasted figures")').click()
        want = expected(load_bodies(df))
        page.wait_for_function('n => document.querySelectorAll("table.allotment tbody tr").length === n && '
                               '[...document.querySelectorAll("table.allotment tbody tr")].some(r => r.cells[0].innerText === "Jhansi")',
                               arg=len(want), timeout=60_000)
        page.wait_for_function('w => { const rs = [...document.querySelectorAll("table.allotment tbody tr")];'
                               ' return rs.every((r, i) => r.cells[0].innerText === w[i][0] && r.cells[1].innerText === w[i][1]); }',
                               arg=[list(x) for x in want], timeout=60_000)
        assert table() == want
        page.evaluate('() => [...document.querySelectorAll("table.allotment td")].find(c => c.innerText === "आगरा").id = "hindi-name"')
        from reservation_law.core.fonts import FAMILY
        fonts = used_fonts(page, '#hindi-name')
        assert fonts and all(f == FAMILY and custom for f, custom, _ in fonts), fonts   # (this machine has no Devanagari font)
        page.evaluate('() => { document.querySelector("h3 span[lang=hi]").id = "hindi-heading"; }')
        fonts = used_fonts(page, '#hindi-heading')                 # the workbook's own Hindi words, too ("1. " in the page's font)
        words = page.locator('#hindi-heading').inner_text()
        other = sum(1 for c in words if not '\u0900' <= c <= '\u097f')
        assert any(f == FAMILY and custom for f, custom, _ in fonts) and sum(n for f, _, n in fonts if f != FAMILY) <= other, (words, fonts)
        # change a reading in its menu
        from reservation_law.workbook import reading_menus
        label = next(l for l, v in reading_menus('up-mayor-2023')['percentage'].options if v == 'state-share')
        page.locator('.widget-dropdown:has(label:text-is("percentage")) select').select_option(label=label)
        want2 = expected(load_bodies(df), percentage='state-share')
        page.wait_for_function('w => document.querySelector("p.produced") && document.querySelector("p.produced").innerText.includes("percentage=state-share")',
                               arg=None, timeout=60_000)
        assert table() == want2
        assert not offsite, offsite          # (Voilà's own template asks a CDN for icons: tools/app.py serves it without)
    finally:
        ctx.close()
