"""Every HTML report and the order printed on A4 by a real browser (Debian's chromium, playwright's page.pdf): the
provenance prints whole, every SHA-256 all 64 characters of it in the PDF's text (pdftotext, poppler-utils)."""
import io, json, re, shutil, subprocess
from pathlib import Path
import pytest
from conftest import in_ci
from reservation_law.core.bodies import example_path
from reservation_law.cli import run

PDFTOTEXT = shutil.which('pdftotext')
pytestmark = pytest.mark.browser
CORP = str(example_path('up_corporations_17_bc_illustrative.csv'))
CENSUS = str(example_path('census2011_up_corporations_17.csv'))
DRAFT = str(example_path('published_up_mayor_2023_03_30_draft.csv'))
REPORTS = {   # one of each: the command's arguments
    'allot': ['allot', 'up-mayor-2023', CORP, '--previous', 'prev.csv'],
    'seats': ['seats', 'municipal-council', str(example_path('karnataka_councils.csv'))],
    'check': ['check', 'up-mayor-2023', CENSUS, DRAFT, '--previous', 'prev.csv'],
    'explain': ['explain', 'up-mayor-2023', CORP, '--body', 'Aligarh', '--previous', 'prev.csv'],
    'rotate': ['rotate', 'up-mayor-2023', CORP, '-k', '3', '--previous', 'prev.csv'],
    'order': ['order', 'up-mayor-2023', CENSUS, '--draft', '--date', '2023-03-30', '--allotment', DRAFT, '--previous', 'prev.csv'],
}


def _need(cond, why):
    if not cond:
        if in_ci(): pytest.fail(why)
        pytest.skip(why)


def cli(*args):
    out, err = io.StringIO(), io.StringIO()
    return run([str(a) for a in args], out, err), out.getvalue(), err.getvalue()


# `browser`: conftest's, one Chromium for the session (a second playwright in the same worker cannot start while
# the session's runs: the order of the tests decided whether this file met it)


@pytest.fixture(scope='module')
def tab(browser):
    "One tab for every report of this file, each loaded afresh into it (a tab of each test's own cost a renderer process)."
    pg = browser.new_page()
    yield pg
    pg.close()


@pytest.mark.parametrize('command', list(REPORTS))
def test_each_report_prints_its_provenance_whole_on_a4(tab, workdir, command):
    _need(PDFTOTEXT, 'pdftotext not installed (apt-get install -y poppler-utils)')
    assert cli('allot', 'up-mayor-2023', CORP, '-o', 'prev.csv')[0] == 0
    assert cli(*REPORTS[command], '-o', 'r.html')[0] in (0, 1)
    assert cli(*REPORTS[command], '-o', 'r.json')[0] in (0, 1)
    p = json.loads(Path('r.json').read_text(encoding='utf-8'))['provenance']
    hashes = [t['sha256'] for t in p['statute_texts']] + [i['sha256'] for i in p['inputs']]
    assert len(hashes) >= 2
    tab.goto(Path('r.html').resolve().as_uri())
    tab.pdf(path='r.pdf', format='A4', print_background=True)
    text = subprocess.run([PDFTOTEXT, 'r.pdf', '-'], capture_output=True, text=True, check=True).stdout
    flat = re.sub(r'\s+', '', text)
    for h in hashes: assert h in flat, (command, h)
    for h in hashes: assert h in text, f"{command}: {h} is broken across lines"     # set small enough to stay on one line
    assert p['commit'] in flat
