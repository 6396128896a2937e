"Sphinx configuration for the reservation_law site, built offline from nbdev's processed notebooks (see build.py)."
import configparser, pathlib

_ini = configparser.ConfigParser(delimiters=['='])
_ini.read(pathlib.Path(__file__).resolve().parents[1] / 'settings.ini', encoding='utf-8')
_cfg = _ini['DEFAULT']

project = 'reservation_law'
author = _cfg['author']
copyright = _cfg['copyright']
release = version = _cfg['version']

extensions = ['myst_nb']
myst_enable_extensions = ['attrs_block', 'attrs_inline', 'dollarmath', 'colon_fence']
myst_heading_anchors = 3
nb_execution_mode = 'off'            # the notebooks' stored outputs are the docs; nbdev_test runs them
nb_render_markdown_format = 'myst'   # show_doc output is markdown
nb_merge_streams = True
exclude_patterns = ['_build', '**.ipynb_checkpoints']
suppress_warnings = ['myst.header', 'mystnb.unknown_mime_type']

html_theme = 'sphinx_book_theme'
html_title = f'reservation_law {version}'
html_static_path = ['_static']
html_css_files = ['custom.css']
html_theme_options = {
    'show_toc_level': 2,
    'navigation_with_keys': False,
    'use_download_button': False,
    'extra_footer': f'<p>Every output on this site was computed by <strong>reservation_law {version}</strong>. '
                    'Cite a worked example by page, anchor and this version.</p>',
    'home_page_in_toc': True,
}
html_last_updated_fmt = None
html_copy_source = False
