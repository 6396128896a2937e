"""Build the documentation site offline: nbdev processes the notebooks, Sphinx + myst-nb renders them.

    python docs/build.py            # → docs/_build/html/index.html

Steps: (1) nbdev's `proc_nbs` writes processed notebooks to `_proc/` (show_doc run, directives applied);
(2) each is copied to `docs/_src/` under its page name (`00_rounding.ipynb` → `rounding.ipynb`, the name
Quarto would give it), with nbdev's Quarto cell options turned into myst-nb tags, Quarto/pandoc heading
anchors (`## Title {#id}`) into MyST block attributes, and nbdev's absolute doc links made relative;
(3) `sphinx-build -W` (warnings are errors) renders `docs/_src/` to `docs/_build/html/`.
The notebooks still build with real Quarto (`nbdev_docs`) where it is installed: `_quarto.yml` is kept valid.
"""
import re, shutil, subprocess, sys, time
from pathlib import Path
import nbformat, yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS, SRC, OUT = ROOT / 'docs', ROOT / 'docs' / '_src', ROOT / 'docs' / '_build' / 'html'
SITE_URL = 'https://reservation-law.github.io/reservation_law/'
HEADING_ID = re.compile(r'^(#{1,6} .*?)\s*\{#([A-Za-z][\w:.-]*)\}\s*$', re.M)
DIRECTIVE = re.compile(r'^#\|\s*([\w-]+)\s*:?\s*(.*)$')


def page_name(nb_path: Path, front: dict) -> str:
    "The page's file stem: nbdev's `output-file` if given, else the notebook name without its number."
    if front.get('output-file'): return Path(front['output-file']).stem
    return re.sub(r'^\d+[a-z]?_', '', nb_path.stem)


LOCAL_LINK = re.compile(r'\[([^\]]+)\]\(((?![a-z]+:)[\w-]+\.html(?:#[^)\s]*)?)\)')
NOT_LINKS = ('up_chairpersons_2023.html#clause',)  # a helper whose name is also a column name: no link to it
SHOW_DOC_HEADING = re.compile(r'^(#{2,4}) ([\w.]+)\s*$', re.M)


def _link(m):
    text = re.sub(r'`([^`]+)`', r'<code>\1</code>', m.group(1))
    return f'<a href="{m.group(2)}">{text}</a>'


SOURCE_LINE = re.compile(r'^>\s*—\s*\*source:\*\s*`([^`]+)`\s*$', re.M)


def _citation(m):
    "A quotation's source line (`— *source:* `file.txt``) as its legal citation, linked to the published text."
    from reservation_law.verbatim import TEXTS
    f = m.group(1)
    return f'> <p class="law-source">— {TEXTS.get(f, f)} (<a href="_static/statutes/{f}">text as received</a>)</p>'


def fix_markdown(text: str, show_doc: bool = False) -> str:
    """Pandoc heading ids → MyST block attributes; nbdev's doc links → relative HTML links (MyST would read a
    relative Markdown link as a cross-reference); show_doc headings get nbdev's anchor (`#name`, lower case)."""
    text = HEADING_ID.sub(lambda m: f'{{#{m.group(2)}}}\n{m.group(1)}', text)
    text = SOURCE_LINE.sub(_citation, text)
    text = LOCAL_LINK.sub(_link, text.replace(SITE_URL, ''))
    for target in NOT_LINKS: text = re.sub(r'<a href="' + re.escape(target) + r'">(<code>[^<]*</code>)</a>', r'\1', text)
    if show_doc:  # nbdev's rule above each entry (a transition docutils refuses here) and its link to GitHub
        text = re.sub(r'^\s*---\s*\n', '', text)
        text = re.sub(r'^\[source\]\([^)]*\)(\{[^}]*\})?\s*\n', '', text.lstrip())
    if show_doc: text = SHOW_DOC_HEADING.sub(lambda m: f'<a id="{m.group(2).lower()}"></a>\n\n{m.group(1)} {m.group(2)}', text)
    return text


ROW_INDEX = re.compile(r'(<tr[^>]*>\s*)<th>\d+</th>')


def drop_range_index(html: str) -> str:
    "A pandas table whose index is just 0, 1, 2, …: drop that column (the tables carry their own rank or serial)."
    if 'class="dataframe"' not in html or '<tbody>' not in html: return html
    head, _, rest = html.partition('<tbody>')
    body, _, tail = rest.partition('</tbody>')
    rows = re.findall(r'<tr[^>]*>', body)
    if not rows or len(ROW_INDEX.findall(body)) != len(rows) or head.count('<tr') != 1: return html
    head = re.sub(r'(<thead>\s*<tr[^>]*>\s*)<th></th>', r'\1', head)
    return head + '<tbody>' + ROW_INDEX.sub(r'\1', body) + '</tbody>' + tail


def convert_cell(cell):
    "Quarto cell options → myst-nb tags; returns None for a cell that must not appear."
    if cell.cell_type == 'markdown':
        cell.source = fix_markdown(cell.source)
        return cell
    if cell.cell_type != 'code': return None
    lines, opts = cell.source.splitlines(), {}
    while lines and DIRECTIVE.match(lines[0]):
        k, v = DIRECTIVE.match(lines[0]).groups()
        opts[k] = v.strip().lower()
        lines.pop(0)
    if opts.get('include') == 'false' or 'hide' in opts: return None
    tags = set(cell.metadata.get('tags', []))
    if opts.get('echo') == 'false': tags.add('remove-input')
    if opts.get('output') == 'false': tags.add('remove-output')
    if opts.get('code-fold') in ('true', 'show'): tags.add('hide-input')   # Quarto's folded code → a toggle
    cell.source = '\n'.join(lines)
    for o in cell.get('outputs', []):
        md = o.get('data', {}).get('text/markdown')
        if md: o['data']['text/markdown'] = fix_markdown(md, show_doc=True)
        html = o.get('data', {}).get('text/html')
        if html: o['data']['text/html'] = drop_range_index(html if isinstance(html, str) else ''.join(html))
    cell.metadata = {'tags': sorted(tags)} if tags else {}
    return cell


SECTIONS = {'0': 'The core', '1': 'U.P. Municipal Corporations', '2': 'U.P. Palika Parishads and Nagar Panchayats',
            '3': 'Municipal councils'}


def section_of(nb_path: Path) -> str:
    "The sidebar section of a notebook, from its number (`10_…` → U.P. Municipal Corporations)."
    m = re.match(r'^(\d)\d', nb_path.stem)
    return SECTIONS.get(m.group(1), 'More') if m else ''


def convert_notebook(src: Path, dst_dir: Path) -> str:
    nb = nbformat.read(src, as_version=4)
    front = {}
    if nb.cells and nb.cells[0].cell_type == 'raw' and nb.cells[0].source.startswith('---'):
        front = yaml.safe_load(nb.cells[0].source.strip().strip('-')) or {}
        nb.cells = nb.cells[1:]
    cells = [c for c in (convert_cell(c) for c in nb.cells) if c is not None]
    cells = [c for c in cells if not (c.cell_type == 'markdown' and 'AUTOGENERATED' in c.source)]
    head = f"# {front.get('title', src.stem)}"
    if front.get('description'): head += f"\n\n*{front['description']}*"
    nb.cells = [nbformat.v4.new_markdown_cell(head)] + cells
    name = page_name(src, front)
    nbformat.write(nb, dst_dir / f'{name}.ipynb')
    return name


def main():
    t0 = time.time()
    sys.path.insert(0, str(ROOT))
    from nbdev.serve import proc_nbs
    import os
    os.chdir(ROOT)
    proc = proc_nbs(n_workers=0)
    if SRC.exists(): shutil.rmtree(SRC)
    SRC.mkdir(parents=True)
    nbs = sorted(Path(proc).glob('*.ipynb'))
    names = [convert_notebook(p, SRC) for p in nbs]
    sections = {}
    for p, n in zip(nbs, names):
        if n != 'index': sections.setdefault(section_of(p), []).append(n)
    # the home page's table of contents, in reading (notebook) order
    idx = SRC / 'index.ipynb'
    nb = nbformat.read(idx, as_version=4)
    for title, pages in sections.items():
        nb.cells.append(nbformat.v4.new_markdown_cell(f'```{{toctree}}\n:maxdepth: 1\n:hidden:\n:caption: {title}\n\n'
                                                      + '\n'.join(pages) + '\n```'))
    nbformat.write(nb, idx)
    statutes = DOCS / '_static' / 'statutes'   # the texts as received, so that every quotation can be checked
    if statutes.exists(): shutil.rmtree(statutes)
    shutil.copytree(ROOT / 'reservation_law' / 'statutes', statutes)
    if OUT.exists(): shutil.rmtree(OUT)
    r = subprocess.run([sys.executable, '-m', 'sphinx', '-W', '--keep-going', '-q', '-b', 'html', '-c', str(DOCS), str(SRC), str(OUT)])
    if r.returncode: sys.exit(r.returncode)
    print(f"docs: {len(names)} pages built in {time.time() - t0:.1f} s → {OUT / 'index.html'}")


if __name__ == '__main__':
    main()
