"""The CPU time Chromium spends loading each page of the built docs site: every page in turn, in one tab (so in one
renderer process, the site's stylesheets, scripts and fonts from Chromium's cache after the first page, as a reader
browsing the site), counted from /proc (Linux) over Chromium's processes and playwright's driver.

    python benchmarks/site_pages.py                      # docs/_build/html (python docs/build.py first)
    python benchmarks/site_pages.py /path/to/other/html  # another build of the site, to compare

Prints the costliest pages and the total. Debian's chromium (/usr/bin/chromium), as the browser tests use it."""
import functools, http.server, os, re, sys, threading, time
from pathlib import Path
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / 'tests'))
from conftest import CHROMIUM_ARGS as ARGS, SETTLED   # the browser as the tests run it, and what a page's load waits for
SITE = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / 'docs' / '_build' / 'html'
TICK = os.sysconf('SC_CLK_TCK')


def cpu() -> dict:
    "{pid: seconds of CPU} of every Chromium process and playwright's driver (node) now running."
    out = {}
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try: stat = Path(f'/proc/{pid}/stat').read_text()
        except OSError: continue
        name, rest = stat[stat.index('(') + 1:stat.rindex(')')], stat[stat.rindex(')') + 2:].split()
        if re.search(r'chrom|node', name): out[pid] = (int(rest[11]) + int(rest[12])) / TICK
    return out


def main():
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a): pass
        def log_error(self, *a): pass
    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address): pass   # the browser closing a connection early: not news
    srv = Server(('127.0.0.1', 0), functools.partial(Quiet, directory=str(SITE)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    site = f'http://127.0.0.1:{srv.server_address[1]}'
    pages = sorted(p.name for p in SITE.glob('*.html') if p.name not in ('genindex.html', 'search.html'))
    rows = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path='/usr/bin/chromium', args=ARGS)
        tab = b.new_context().new_page()
        tab.goto(f'{site}/index.html', wait_until='load')      # the cache warm, as after a reader's first page
        for name in pages:
            tab.goto('about:blank'); time.sleep(0.2)
            before = cpu()
            tab.goto(f'{site}/{name}', wait_until='load'); tab.evaluate(SETTLED); time.sleep(0.3)
            after = cpu()
            rows.append((sum(v - before.get(k, 0) for k, v in after.items()), name, (SITE / name).stat().st_size))
        b.close()
    for t, name, size in sorted(rows, reverse=True)[:10]: print(f'{t:5.2f} s  {size / 1e6:5.2f} MB  {name}')
    print(f'{len(rows)} pages: {sum(r[0] for r in rows):.1f} s of CPU, median {sorted(r[0] for r in rows)[len(rows) // 2]:.2f} s a page')


if __name__ == '__main__':
    main()
