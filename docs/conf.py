"Sphinx configuration for the reservation_law site, built offline from nbdev's processed notebooks (see build.py)."
import configparser, pathlib, re, subprocess, sys
# jsonschema (which nbformat imports) imports rfc3987_syntax where it is installed (Jupyter installs it), which builds its
# Earley parsers of IRIs at import: 2 to 3 s of CPU a process, for a format no notebook schema uses (jsonschema issue
# #1428). Refused here, in this process only, jsonschema leaves that one format unchecked.
sys.modules.setdefault('rfc3987_syntax', None)

_ini = configparser.ConfigParser(delimiters=['='])
_ini.read(pathlib.Path(__file__).resolve().parents[1] / 'settings.ini', encoding='utf-8')
_cfg = _ini['DEFAULT']

project = 'reservation_law'
author = _cfg['author']
copyright = _cfg['copyright']
try:
    import reservation_law
    release = version = reservation_law.__version__
except ImportError:
    release = version = _cfg['version']


def built_from() -> str:
    "The commit the site is built from (`git rev-parse --short HEAD`), `+dirty` if the work tree has changes."
    root = pathlib.Path(__file__).resolve().parents[1]
    try:
        sha = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=root, capture_output=True, text=True,
                             check=True).stdout.strip()
        dirty = subprocess.run(['git', 'status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs/_static/data',
                                ':!docs/_static/statutes'], cwd=root, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return 'unknown'
    return sha + ('+dirty' if dirty else '')


commit = built_from()

extensions = ['myst_nb']
myst_enable_extensions = ['attrs_block', 'attrs_inline', 'dollarmath', 'colon_fence']
myst_heading_anchors = 3
nb_execution_mode = 'off'            # the notebooks' stored outputs are the docs; nbdev_test runs them
nb_render_markdown_format = 'myst'   # show_doc output is markdown
nb_merge_streams = True
nb_code_prompt_show = 'show the code'   # the clause's code, folded under it (a closed <details>)
nb_code_prompt_hide = 'hide the code'
exclude_patterns = ['_build', '**.ipynb_checkpoints']
suppress_warnings = ['myst.header', 'mystnb.unknown_mime_type']

html_theme = 'sphinx_book_theme'
html_title = f'reservation_law {version}'
html_static_path = ['_static']
html_css_files = ['fonts/fonts.css', 'custom.css']   # fonts/: the shipped Devanagari font (build.py copies it)
html_js_files = ['custom.js']
html_theme_options = {
    'show_toc_level': 2,
    'navigation_with_keys': False,
    'use_download_button': False,
    'extra_footer': f'<p class="built-from">Every output on this site was computed by <strong>reservation_law '
                    f'<span class="version">{version}</span></strong>, built from commit <code class="commit">{commit}</code>. '
                    'Cite a worked example by page, anchor, version and commit (<a href="how_to_cite.html">how to cite</a>).</p>',
    'home_page_in_toc': True,
}
html_last_updated_fmt = None
html_copy_source = False


# The theme (pydata-sphinx-theme, under sphinx-book-theme) puts Font Awesome's JavaScript on every page, 1.5 MB "so that
# users can add custom icons": it swaps each icon for an SVG. This site adds none, and the theme's stylesheet draws
# every icon it uses from Font Awesome's web font, which the theme ships too. Without the script a page costs the
# reader's browser about a quarter less CPU (benchmarks/site_pages.py); the icons look the same.
FONTAWESOME_JS = re.compile(r'\s*<script defer src="(?:\.\./)*_static/scripts/fontawesome\.js(?:\?[^"]*)?"></script>')


def drop_fontawesome_js(app, exception):
    "After an HTML build: the script's tag out of every page, and the script (with its map and licence) out of the site."
    if exception is not None or app.builder.format != 'html': return
    out = pathlib.Path(app.outdir)
    for page in out.rglob('*.html'):
        text = page.read_text(encoding='utf-8')
        if (new := FONTAWESOME_JS.sub('', text)) != text: page.write_text(new, encoding='utf-8')
    for f in (out / '_static' / 'scripts').glob('fontawesome.js*'): f.unlink()


def setup(app):
    app.connect('build-finished', drop_fontawesome_js)
