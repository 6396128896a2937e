"""Voilà serving the workbook, as `make app` and tests/test_workbook.py start it: `python tools/app.py NOTEBOOK [VOILA ARGS]`.

Two changes from Voilà's own `voila` command:

- jsonschema (which Jupyter's server imports) imports rfc3987_syntax where it is installed, and that builds its parsers
  of IRIs at import (jsonschema issue #1428), for a format no schema of the server's uses. Refused here, as in
  docs/build.py and tests/conftest.py: the page answers about a second sooner, and the server takes about 1.2 s less CPU
  to start (benchmarks/voila_start.py).
- Voilà's `lab` template asks a CDN (cdn.jsdelivr.net) for Font Awesome's style sheets on every page: a request off
  the machine, which an official's machine may not allow and should not need. The widgets carry the icons they use.
  The page is served with `rl`, Voilà's own `lab` template without those two links, derived at start from the
  installed one (into a folder of its own, removed at exit); a `--template` given on the command line is used instead.
"""
import atexit, os, re, shutil, sys, tempfile
from pathlib import Path

sys.modules.setdefault('rfc3987_syntax', None)

CDN = re.compile(r'^\s*<link [^>]*href="https://cdn\.jsdelivr\.net/[^"]*"[^>]*/>\s*\n', re.M)


def local_template() -> Path:
    "A Jupyter data folder holding the template `rl`: Voilà's `lab` template with no link to a CDN."
    from jupyter_core.paths import jupyter_path
    lab = next(Path(p) / 'lab' / 'index.html.j2' for p in jupyter_path('voila', 'templates') if (Path(p) / 'lab' / 'index.html.j2').exists())
    root = Path(tempfile.mkdtemp(prefix='rl-voila-'))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    for kind in ('voila', 'nbconvert'):
        (root / kind / 'templates' / 'rl').mkdir(parents=True)
        (root / kind / 'templates' / 'rl' / 'conf.json').write_text('{"base_template": "lab"}', encoding='utf-8')
    (root / 'voila' / 'templates' / 'rl' / 'index.html.j2').write_text(CDN.sub('', lab.read_text(encoding='utf-8')), encoding='utf-8')
    return root


if __name__ == '__main__':
    if not any(a.startswith('--template') for a in sys.argv[1:]):
        os.environ['JUPYTER_PATH'] = os.pathsep.join(filter(None, [str(local_template()), os.environ.get('JUPYTER_PATH')]))
        sys.argv.append('--template=rl')
    from voila.app import main
    sys.argv[0] = 'voila'
    sys.exit(main())
