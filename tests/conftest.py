import os, sys
from pathlib import Path
import pytest

# pytest rewrites the asserts of every test module it imports, and keeps the result in tests/__pycache__ only where
# bytecode may be written: where PYTHONDONTWRITEBYTECODE is set (as on this project's machines) each pytest process
# (each of `make test`'s two workers) rewrote and compiled all of them again, about 3 s of CPU a process. Here, in the
# test processes alone (not in the environment: the commands the tests start are as a user's), bytecode is written;
# a stale file is never used (Python and pytest check the source's time and size).
sys.dont_write_bytecode = False

# jsonschema (which nbformat imports) imports rfc3987_syntax where it is installed (Jupyter installs it), which builds its
# Earley parsers of IRIs at import: 2 to 3 s of CPU a process, for a format no notebook schema uses (jsonschema issue
# #1428). Refused here, in the test processes only, jsonschema leaves that one format unchecked.
sys.modules.setdefault('rfc3987_syntax', None)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    "A scratch folder as the working directory."
    monkeypatch.chdir(tmp_path)
    return tmp_path


def in_ci() -> bool:
    return os.environ.get('CI', '').lower() in ('1', 'true', 'yes')


CHROMIUM = '/usr/bin/chromium'
# Every request off the machine goes to a proxy that is not there (port 9, discard, closed), and fails at once: the tests
# note such requests as they are made (a `request` listener) rather than route each one through this process. Chromium
# never sends the loopback address (127.0.0.1, where the tests serve the site) to a proxy. Every tab renders in one
# process (`--renderer-process-limit=1`): the site is one site, and its tabs need no isolation from each other; a
# renderer of each tab's own cost the browser tests about a tenth more CPU (50-51 CPU-s against 53-69, benchmarks/README.md).
CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
                 '--disable-component-update', '--disable-sync', '--renderer-process-limit=1', '--proxy-server=http://127.0.0.1:9']


@pytest.fixture(scope='session')
def browser():
    "One Chromium (Debian's, via playwright) for every browser test of the session."
    import shutil
    path = shutil.which('chromium') or CHROMIUM
    if not Path(path).exists():
        if in_ci(): pytest.fail('chromium not installed (apt-get install -y chromium)')   # CI must run the browser tests
        pytest.skip('chromium not installed (apt-get install -y chromium)')
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


# What a test reads of a page once it is loaded: the web fonts (the Devanagari one, Font Awesome) and every picture.
SETTLED = """() => document.fonts.ready.then(() => Promise.all([...document.images].map(i => i.complete ? null :
    new Promise(done => { i.addEventListener('load', done); i.addEventListener('error', done); }))))"""


def visit(page, url: str, timeout: float = 30_000):
    """Go to `url` of a static site and wait for what a test reads: the `load` event (every stylesheet, script and picture
    the HTML names, and custom.js's `load` handler run), then `document.fonts.ready` and every <img> complete. As strong
    as `wait_until='networkidle'` for what the tests read, without its 500 ms of network silence per page (idle wall
    time): a static page asks for nothing after `load` that a test reads (its favicon only). The check that no page asks
    for anything off the machine, ever, waits for that silence too (test_docs_site.py, `_Flight`, every page in
    parallel tabs)."""
    resp = page.goto(url, wait_until='load', timeout=timeout)
    page.evaluate(SETTLED)
    return resp


def used_fonts(page, selector: str) -> list:
    """The fonts Chromium drew the text of the first element matching `selector` with (CDP `CSS.getPlatformFontsForNode`):
    [(family name, custom (a web font), glyphs)]."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send('DOM.enable'); cdp.send('CSS.enable')
        root = cdp.send('DOM.getDocument', {'depth': -1})['root']['nodeId']
        node = cdp.send('DOM.querySelector', {'nodeId': root, 'selector': selector})['nodeId']
        assert node, f'no element {selector!r}'
        return [(f['familyName'], f['isCustomFont'], f['glyphCount']) for f in cdp.send('CSS.getPlatformFontsForNode', {'nodeId': node})['fonts']]
    finally: cdp.detach()


MARK_HINDI = """() => { const w = document.createTreeWalker(document.querySelector('main') || document.body, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
        const m = /[\u0900-\u097f]{3,}/.exec(n.textContent);
        if (!m || n.parentElement.offsetParent === null) continue;
        const word = n.splitText(m.index); word.splitText(m[0].length);     // the word alone: no space, no Latin beside it
        const s = document.createElement('span'); s.setAttribute('data-hindi-probe', ''); word.parentNode.insertBefore(s, word); s.appendChild(word);
        return m[0]; }
    return null; }"""


def _examples(item) -> int:
    "How many examples a hypothesis test runs (its settings' max_examples); 0 for a plain test."
    s = getattr(getattr(item, 'function', None), '_hypothesis_internal_use_settings', None)
    return s.max_examples if s is not None and getattr(item.function, 'is_hypothesis_test', False) else 0


def _shares(n: int, workers: int) -> list:
    "How many of `n` tests pytest-xdist's worksteal scheduler hands each worker at the start, in order: the pending tests, in turn, split evenly among the workers still to be served."
    out = []
    for j in range(workers):
        out.append(n // (workers - j)); n -= out[-1]
    return out


def pytest_collection_modifyitems(config, items):
    """The long properties (1,000 examples or more) first, dealt in turn to the workers' shares of the run: `make test`'s
    `pytest -n 2 --dist worksteal` (or any number of workers) hands each worker one contiguous share of the ordered
    items (`_shares`), so each starts on its part of the long ones and the short tests after them are stolen back and forth to even the end (a long
    property last on one worker kept the others idle). The tests that drive Chromium (the `browser` fixture) come first
    among the short ones of the first share, in their order: one worker starts one Chromium and loads the shared tabs once
    (the served workbook's test, the last file, started a second Chromium, about 3 s of CPU, in another worker, alone at
    the end); stealing takes from the end of a worker's queue. Only the order changes: every test runs, with its examples."""
    # a worker of pytest-xdist collects and orders the items itself (the controller collects none), and its options
    # carry no `numprocesses`: the count of workers is in its `workerinput`
    workers = getattr(config, 'workerinput', {}).get('workercount') or config.getoption('numprocesses', None)
    if not workers or len(items) < 2 * workers: return
    heavy = sorted((i for i in items if _examples(i) >= 1000), key=_examples, reverse=True)
    if not heavy: return
    ids = {id(i) for i in heavy}
    light = [i for i in items if id(i) not in ids]
    drives = lambda i: 'browser' in getattr(i, 'fixturenames', ())
    light = [i for i in light if drives(i)] + [i for i in light if not drives(i)]
    out = []
    for j, share in enumerate(_shares(len(items), workers)):
        mine = heavy[j::workers]
        take = max(0, share - len(mine)) if j < workers - 1 else len(light)
        out += mine + light[:take]; light = light[take:]
    items[:] = out
