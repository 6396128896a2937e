"""Build the documentation site offline: nbdev processes the notebooks, Sphinx + myst-nb renders them.

    python docs/build.py            # → docs/_build/html/index.html

The site has two doors. **Procedures** (notebooks 1x, 2x, 3x: what is reserved and how, step by step) and the
**course** (4x) are for trainers and lawyers; the **Reference** (00–07: the core, API, CLI, quoting, pictures)
is for programmers. The build, not the notebooks, decides how a cell shows:

- procedure and course pages are built from the notebooks themselves (`nbs/`), so that each clause's
  `#| export` cell is there, **folded** under the clause (a closed "show the code" toggle); cells that only
  assert (`test_eq`, `test_fail`, `assert`, …) are dropped from the page (the notebook still runs them under
  `nbdev_test`), and assertion lines are dropped from mixed cells; import-only cells are dropped; the code of
  every other cell is folded; plotting code never shows, only the figure; no `show_doc` signatures;
- Reference pages are built from nbdev's processed notebooks (`_proc/`, `show_doc` run, doc links made);
- a figure's caption, anchor and alt text are computed by the cell that draws it (`pictures.show_figure`: an HTML
  `<figure>` output, shown as it is here and by Quarto; no count is typed in a caption, tests/test_pictures.py);
  a cell that outputs a bare image still gets a caption, an anchor and an alt text (from `#| fig-cap:` /
  `#| fig-alt:` / `#| label:` where a cell gives them, else derived from the plotting call and its section);
- each worked example heading gets a link to the bundled CSV its page loaded (`_static/data/…`);
- the footer names the version and the commit (conf.py);
- the shipped Devanagari font (`reservation_law/fonts`) is copied to `_static/fonts/` with its `@font-face` rules.

Steps: (1) nbdev's `proc_nbs` writes processed notebooks to `_proc/`; (2) each page is written to `docs/_src/`
under its page name (`00_rounding.ipynb` → `rounding.ipynb`, the name Quarto would give it), with nbdev's
Quarto cell options turned into myst-nb tags, Quarto/pandoc heading anchors (`## Title {#id}`) into MyST block
attributes, and nbdev's absolute doc links made relative; (3) `sphinx-build -W` (warnings are errors) renders
`docs/_src/` to `docs/_build/html/`. The notebooks still build with real Quarto (`nbdev_docs`) where it is
installed: `_quarto.yml` is kept valid (it folds code with `code-fold`).
"""
import ast, html as htmllib, re, shutil, subprocess, sys, time
from pathlib import Path
# jsonschema (which nbformat imports) imports rfc3987_syntax where it is installed (Jupyter installs it), which builds its
# Earley parsers of IRIs at import: 2 to 3 s of CPU a process, for a format no notebook schema uses (jsonschema issue
# #1428). Refused here, in this process only, jsonschema leaves that one format unchecked.
sys.modules.setdefault('rfc3987_syntax', None)
import nbformat, yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS, SRC, OUT = ROOT / 'docs', ROOT / 'docs' / '_src', ROOT / 'docs' / '_build' / 'html'
NBS, DATA = ROOT / 'nbs', ROOT / 'reservation_law' / 'data'
SITE_URL = 'https://reservation-law.github.io/reservation_law/'
HEADING_ID = re.compile(r'^(#{1,6} .*?)\s*\{#([A-Za-z][\w:.-]*)\}\s*$', re.M)
DIRECTIVE = re.compile(r'^#\|\s*([\w-]+)\s*:?\s*(.*)$')


def page_name(nb_path: Path, front: dict) -> str:
    "The page's file stem: nbdev's `output-file` if given, else the notebook name without its number."
    if front.get('output-file'): return Path(front['output-file']).stem
    return re.sub(r'^\d+[a-z]?_', '', nb_path.stem)


LOCAL_LINK = re.compile(r'\[([^\]]+)\]\(((?![a-z]+:)[\w-]+\.html(?:#[^)\s]*)?)\)')
STATIC_LINK = re.compile(r'\[([^\]]+)\]\((_static/[\w./-]+)\)')
NOT_LINKS = ('up_chairpersons_2023.html#clause',)  # a helper whose name is also a column name: no link to it
SHOW_DOC_HEADING = re.compile(r'^(#{2,4}) ([\w.]+)\s*$', re.M)


def _link(m):
    text = re.sub(r'`([^`]+)`', r'<code>\1</code>', m.group(1))
    return f'<a href="{m.group(2)}">{text}</a>'


def _static_link(m):
    "A link to a file of the site (`_static/data/x.csv`): a plain download link (MyST would look for a document)."
    text = re.sub(r'`([^`]+)`', r'<code>\1</code>', m.group(1))
    return f'<a class="download" href="{m.group(2)}" download>{text}</a>'


SOURCE_LINE = re.compile(r'^>\s*—\s*\*source:\*\s*`([^`]+)`\s*$', re.M)


def _citation(m):
    "A quotation's source line (`— *source:* `file.txt``) as its legal citation, linked to the published text."
    from reservation_law.core.verbatim import TEXTS
    f = m.group(1)
    return f'> <p class="law-source">— {TEXTS.get(f, f)} (<a href="_static/statutes/{f}">text as received</a>)</p>'


def fix_markdown(text: str, show_doc: bool = False) -> str:
    """Pandoc heading ids → MyST block attributes; nbdev's doc links → relative HTML links (MyST would read a
    relative Markdown link as a cross-reference); show_doc headings get nbdev's anchor (`#name`, lower case)."""
    text = HEADING_ID.sub(lambda m: f'{{#{m.group(2)}}}\n{m.group(1)}', text)
    text = SOURCE_LINE.sub(_citation, text)
    text = LOCAL_LINK.sub(_link, text.replace(SITE_URL, ''))
    text = STATIC_LINK.sub(_static_link, text)
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


# ---------------------------------------------------------------- what a procedure page shows of a code cell
ASSERTIONS = {'test_eq', 'test_ne', 'test_fail', 'test_warns', 'test_is', 'test_close', 'test_eq_type', 'test_shuffled',
              'test_stdout', 'test_fig_exists', 'test', 'test_all_eq', 'test_fail_warns'}
PLOTTING = re.compile(r'\bplt\.|\bplot_\w+\(|\.plot\b|\bsubplots\(|\bimshow\(|\bsavefig\(')


def _is_assertion(node) -> bool:
    "A statement that only checks: `assert …`, `test_eq(…)` and the other fastcore checks, or `with warnings…` around one."
    if isinstance(node, ast.Assert): return True
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        f = node.value.func
        return (f.id if isinstance(f, ast.Name) else getattr(f, 'attr', '')) in ASSERTIONS
    return False


def without_assertions(source: str) -> tuple:
    "(source without its top-level assertion statements, whether every statement was an import)."
    try: tree = ast.parse(source)
    except SyntaxError: return source, False
    lines = source.splitlines()
    drop = set()
    for node in tree.body:
        if _is_assertion(node): drop.update(range(node.lineno - 1, node.end_lineno))
    kept = [l for i, l in enumerate(lines) if i not in drop]
    while kept and not kept[-1].strip(): kept.pop()
    rest = [n for n in tree.body if not _is_assertion(n)]
    imports_only = bool(rest) and all(isinstance(n, (ast.Import, ast.ImportFrom)) for n in rest)
    return '\n'.join(kept), imports_only


def defined_names(source: str) -> list:
    "Names a cell defines at top level (functions, classes, constants): anchors for links to them."
    try: tree = ast.parse(source)
    except SyntaxError: return []
    out = []
    for n in tree.body:
        if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)): out.append(n.name)
        elif isinstance(n, ast.Assign): out += [t.id for t in n.targets if isinstance(t, ast.Name)]
    return [n for n in out if not n.startswith('_')]


def has_image(cell) -> bool:
    return any('image/png' in o.get('data', {}) or 'image/svg+xml' in o.get('data', {}) for o in cell.get('outputs', []))


def split_directives(source: str) -> tuple:
    "Quarto/nbdev `#|` options at the top of a cell (keys lower case, values as written) and the rest."
    lines, opts = source.splitlines(), {}
    while lines and DIRECTIVE.match(lines[0]):
        k, v = DIRECTIVE.match(lines[0]).groups()
        opts[k.lower()] = v.strip()
        lines.pop(0)
    return opts, '\n'.join(lines)


class Figures:
    "Caption, anchor and alt text for each figure of a page (from the cell's options, else derived)."
    def __init__(self, page: str):
        self.page, self.section, self.heading, self.n, self.used = page, page, '', {}, set()

    def derivation_anchor(self) -> str:
        "`{section}` for the first derivation of a section, `{section}-2` for the next, …"
        k = ('derivation', self.section)
        i = self.n[k] = self.n.get(k, 0) + 1
        return self.section + (f'-{i}' if i > 1 else '')

    def heading_seen(self, markdown: str):
        for m in re.finditer(r'^(#{1,6}) (.*?)(?:\s*\{#([A-Za-z][\w:.-]*)\})?\s*$', markdown, re.M):
            if len(m.group(1)) == 1: continue
            self.heading = re.sub(r'[`*]', '', m.group(2)).strip()
            if m.group(3): self.section = m.group(3)

    def options(self, opts: dict, source: str) -> dict:
        title = None
        m = re.search(r"(?:title\s*=\s*|suptitle\(|set_title\()\s*(?:f?)(['\"])(.+?)\1", source) or \
            re.search(r"plot_\w+\([^\n]*?,\s*(?:f?)(['\"])([^'\"]{12,})\1\s*\)", source)
        if m: title = m.group(2)
        kind = re.search(r'\bplot_(\w+)\(', source)
        heading = re.sub(r'^Worked example:\s*', 'worked example: ', self.heading)
        cap = opts.get('fig-cap') or title or heading or self.page.replace('_', ' ')
        cap = cap.strip('"\'')
        cap = cap[0].upper() + cap[1:]
        cols = re.search(r"plot_chain\([^\n]*?\[\s*((?:['\"][^'\"]+['\"]\s*,?\s*)+)\]", source)
        cols = ', '.join(re.findall(r"['\"]([^'\"]+)['\"]", cols.group(1))) if cols else ''
        what = {'chain': 'a rotation chain: one column per election' + (f' ({cols})' if cols else '') + ', one row per body, '
                         'each cell coloured and labelled with the category the body got (outlined in red where a '
                         'warning names a conflict)',
                'divisions': 'a division map: one panel per division, one tile per body, coloured and labelled with '
                             'its category', 'arrangement': 'an arrangement: the bodies ranked, the cut-off drawn, '
                             'the bodies above it labelled with the office they got'}
        if opts.get('fig-alt'): alt = opts['fig-alt'].strip('"\'')
        elif kind and kind.group(1) in what: alt = f"{cap}: {what[kind.group(1)]}."
        elif '.barh(' in source or '.bar(' in source:
            alt = f"Bar chart: {cap}; one bar per body, its parts coloured by category (the colours of the legend)."
        else: alt = f"Chart: {cap} (in the section {self.heading or self.page!r}; its numbers are in the tables above)."
        label = opts.get('label')
        if not label:
            i = self.n[self.section] = self.n.get(self.section, 0) + 1
            label = f"fig-{self.section}" + (f"-{i}" if i > 1 else '')
            if not label.startswith('fig-ex-') and self.section == self.page: label = f"fig-{self.page}-{i}"
        label = re.sub(r'[^a-z0-9-]+', '-', label.lower()).strip('-')
        while label in self.used: label += '-b'
        self.used.add(label)
        return {'figure': {'caption': f"{cap}", 'name': label}, 'image': {'alt': alt}}


EXPLAIN_HEAD = re.compile(r'^reservation_law \S+ — \S+')


def _step_line(line: str):
    "`12. [clause] text` → (12, clause, text); the clause may hold brackets of its own (`[… [modelled: …]]`)."
    m = re.match(r'^(\d+)\. \[', line)
    if not m: return None
    depth, i = 1, m.end()
    while i < len(line) and depth:
        depth += {'[': 1, ']': -1}.get(line[i], 0)
        i += 1
    if depth: return None
    return int(m.group(1)), line[m.end():i - 1], line[i:].strip()


def explain_as_table(text: str, anchor: str):
    "The text of `Result.explain()` as HTML: its head, the derivation as a table (steps anchored), its warnings."
    import pandas as pd
    from reservation_law.pictures import derivation
    lines = text.rstrip('\n').split('\n')
    head, steps, tail, i = [], [], [], 0
    while i < len(lines) and not _step_line(lines[i]): head.append(lines[i]); i += 1
    while i < len(lines) and _step_line(lines[i]): steps.append(_step_line(lines[i])); i += 1
    tail = lines[i:]
    if not steps or [n for n, _, _ in steps] != list(range(1, len(steps) + 1)): return None
    esc = htmllib.escape
    out = ['<div class="explain">', f'<p class="derivation-head"><strong>{esc(head[0])}</strong></p>']
    rest = [l for l in head[1:] if l.strip()]
    if rest: out.append('<ul class="derivation-notes">' + ''.join(f'<li>{esc(l)}</li>' for l in rest) + '</ul>')
    t = pd.DataFrame({'step': [n for n, _, _ in steps], 'clause': [c for _, c, _ in steps], 'text': [x for _, _, x in steps]})
    out.append(derivation(t, anchor)._repr_html_())
    warns = [l for l in tail if l.strip()]
    if warns: out.append('<ul class="derivation-warnings">' + ''.join(
        f'<li class="{"warning" if l.startswith("WARNING") else "note"}">{esc(l)}</li>' for l in warns) + '</ul>')
    return '\n'.join(out + ['</div>'])


def derivations_as_tables(cell, figs) -> None:
    "A printed `Result.explain()` (a wall of text) → its derivation as a table, each step anchored under the section."
    outs = []
    for o in cell.get('outputs', []):
        text = _text(o.get('text', '')) if o.get('output_type') == 'stream' and o.get('name') == 'stdout' else ''
        if text and EXPLAIN_HEAD.match(text):
            anchor = figs.derivation_anchor() if figs else 'derivation'
            html = explain_as_table(text, anchor)
            if html:
                outs.append(nbformat.v4.new_output('display_data', data={'text/html': html, 'text/plain': text}))
                continue
        outs.append(o)
    cell['outputs'] = outs


def _text(v) -> str: return ''.join(v) if isinstance(v, list) else str(v)


def convert_cell(cell, mode: str = 'reference', figs: Figures | None = None):
    """Quarto cell options → myst-nb tags; returns a list of cells (none for a cell that must not appear).
    `mode` 'procedure': folded code, no assertions, no imports, no show_doc, figures without their code."""
    if cell.cell_type == 'markdown':
        if figs: figs.heading_seen(cell.source)
        cell.source = fix_markdown(cell.source)
        return [cell]
    if cell.cell_type != 'code': return []
    opts, source = split_directives(cell.source)
    low = {k: v.lower() for k, v in opts.items()}
    if low.get('include') == 'false' or 'hide' in low: return []
    tags = set(cell.metadata.get('tags', []))
    pre, prompt = [], None
    if mode == 'procedure':
        if re.match(r'\s*show_doc\(', source): return []
        if 'default_exp' in low: return []
        exported = bool({'export', 'exports', 'exporti'} & set(low))
        if exported:
            tags.add('hide-input')   # the clause's code, folded right under it
            names = defined_names(source)
            if names: pre.append(nbformat.v4.new_markdown_cell(''.join(f'<span id="{n.lower()}"></span>' for n in names)))
        else:
            source, imports_only = without_assertions(source)
            if not source.strip() or imports_only:
                if not cell.get('outputs'): return []
                tags.add('remove-input')
            elif has_image(cell) or PLOTTING.search(source): tags.add('remove-input')   # the picture, not its code
            else:
                tags.add('hide-input')
                prompt = 'show how this was computed'
        tags.discard('hide-output')
        derivations_as_tables(cell, figs)
    if low.get('echo') == 'false': tags.add('remove-input')
    if low.get('output') == 'false': tags.add('remove-output')
    if low.get('code-fold') in ('true', 'show') and 'remove-input' not in tags: tags.add('hide-input')
    if 'remove-input' in tags: tags.discard('hide-input')
    cell.source = source
    for o in cell.get('outputs', []):
        md = o.get('data', {}).get('text/markdown')
        if md: o['data']['text/markdown'] = fix_markdown(md, show_doc=True)
        html = o.get('data', {}).get('text/html')
        if html: o['data']['text/html'] = drop_range_index(html if isinstance(html, str) else ''.join(html))
    cell.metadata = {'tags': sorted(tags)} if tags else {}
    if prompt and 'hide-input' in tags: cell.metadata['mystnb'] = {'code_prompt_show': prompt}
    if figs is not None and has_image(cell):
        cell.metadata.setdefault('mystnb', {}).update(figs.options(opts, source))
    return pre + [cell]


# ---------------------------------------------------------------- the two doors
SECTIONS = {'1': 'Procedures: the statutes, clause by clause', '2': 'Procedures: rotation, checking a list, the order',
            '4': 'Course: allotting by hand', '50': 'Workbook: your own figures', 'c': 'For courts: citing and coverage',
            '0': 'Reference: the core', '2r': 'Reference: allot, and the parts of a check',
            '3': 'Reference: the record and the pictures', '5': 'Reference: the API and the command line'}
ORDER = ['1', '2', '4', '50', 'c', '0', '2r', '3', '5']   # the procedures first, then the course, then the Reference
COURTS = ('44', '45')                    # how to cite, the clause coverage
PICTURES = ('28',)                       # the pictures: drawn by the procedures, listed with the record
PROCEDURES = ('21', '22', '24')          # rotate, check, order: a trainer's pages; the other pages of the procedures'
                                         # layer (allot, readings, implied, walks, counts, explain) are its reference


def _key(nb_path: Path) -> str:
    """The section key of a notebook, from its number, which is its layer in the package (0 core, 1 statutes,
    2 procedures, 28 pictures, 3 record, 4 the course, 50 the workbook, 5 the doors)."""
    n = nb_path.stem[:2]
    if not n.isdigit(): return ''
    if n in COURTS: return 'c'
    if n == '50': return '50'
    if n in PICTURES: return '3'
    if n[0] == '2': return '2' if n in PROCEDURES and not nb_path.stem[2:3].isalpha() else '2r'
    return n[0]


def section_of(nb_path: Path) -> str:
    "The sidebar section of a notebook, from its number (`10_…` → the statutes; `22_…` → the procedures)."
    k = _key(nb_path)
    return SECTIONS.get(k, 'More') if k else ''


def mode_of(nb_path: Path) -> str:
    "A page a trainer reads (statutes, procedures, course, workbook: code folded under its clause) or a reference page."
    return 'procedure' if _key(nb_path) in ('1', '2', '2r', '4', '50', 'c') else 'reference'


# ---------------------------------------------------------------- downloads next to worked examples
def _csv_of(source: str, module) -> list:
    "Bundled CSV files a code cell loads (`example_path()`, `example_path('x.csv')`, `…_example_path()`, 'x.csv')."
    out = []
    for m in re.finditer(r"\b(\w*example_path)\(\s*(?:(['\"])([\w.-]+)\2|(\w+))?\s*\)", source):
        fn, name, const = m.group(1), m.group(3), m.group(4)
        if fn == 'example_path' and not name and not const: name = 'up_corporations_17.csv'
        elif const and module is not None: name = getattr(module, const, None)
        elif fn != 'example_path' and module is not None and callable(getattr(module, fn, None)):
            try: name = Path(str(getattr(module, fn)())).name
            except Exception: name = None
        if name and (DATA / name).exists(): out.append(name)
    out += [n for n in re.findall(r"['\"]([\w.-]+\.csv)['\"]", source) if (DATA / n).exists()]
    return list(dict.fromkeys(out))


def _flow(source: str, module) -> list:
    """A code cell's top-level statements (function and class definitions left out: their bodies are not an example's
    input), each as (bundled CSVs it loads, names it uses, names it assigns)."""
    try: tree = ast.parse(source)
    except SyntaxError: return [(_csv_of(source, module), set(re.findall(r'\b\w+\b', source)), set())]
    out = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)): continue
        names = [n for n in ast.walk(node) if isinstance(n, ast.Name)]
        out.append((_csv_of(ast.get_source_segment(source, node) or '', module),
                    {n.id for n in names if isinstance(n.ctx, ast.Load)}, {n.id for n in names if isinstance(n.ctx, ast.Store)}))
    return out


def add_downloads(cells: list, module) -> None:
    """Under each `### Worked example` heading: a link to the bundled CSV that the example loads, or that the names it
    uses were loaded from earlier in the page; none for an example whose input is made in the page itself."""
    bound, ahead = {}, {}                 # name -> the bundled CSVs its value came from
    for i, c in enumerate(cells):
        if c.cell_type == 'markdown' and re.search(r'^#{2,4} Worked example', c.source, re.M):
            own, free, made = [], [], set()
            for j in range(i + 1, len(cells)):
                if cells[j].cell_type == 'markdown' and re.search(r'^#{1,4} ', cells[j].source, re.M): break
                if cells[j].cell_type != 'code': continue
                for files, used, assigned in _flow(cells[j].source, module):
                    own += files
                    free += sorted(used - made - assigned)     # a comprehension's own variable is not an input
                    made |= assigned
            ahead[i] = list(dict.fromkeys(own or [f for name in free for f in bound.get(name, ())]))
        if c.cell_type == 'code':
            for files, used, assigned in _flow(c.source, module):
                files = files + [f for name in sorted(used) for f in bound.get(name, ())]
                for name in assigned:
                    if files: bound[name] = list(dict.fromkeys(files))
                    else: bound.pop(name, None)      # rebound to something made in the page: no longer that file
    for i, files in ahead.items():
        if not files: continue
        links = ', '.join(f'<a class="download" href="_static/data/{f}" download>{f}</a>' for f in files)
        note = ' (BC figures illustrative)' if any('illustrative' in f for f in files) else ''
        cells[i].source = re.sub(r'^(#{2,4} Worked example.*)$', lambda m: m.group(1) + '\n\n'
                                 + f'<p class="example-input">Input (CSV): {links}{note}</p>', cells[i].source, count=1, flags=re.M)


COMMIT_NAMED = re.compile(r'((?:\bcommit|कमिट) )[0-9a-f]{40}(\+dirty)?')   # English, and a Hindi handout's head


def _head_commit() -> str:
    "The full commit the site is built from (the stored outputs equal a fresh run at it: tools/check_outputs.py)."
    if not hasattr(_head_commit, 'value'):
        r = subprocess.run(['git', 'rev-parse', 'HEAD'], cwd=ROOT, capture_output=True, text=True)
        _head_commit.value = r.stdout.strip() if r.returncode == 0 else 'unknown'
    return _head_commit.value


def name_build_commit(nb) -> None:
    "A stored output that names the commit it was computed at names the commit the site is built from instead."
    def fix(v):
        if isinstance(v, list): v = ''.join(v)
        return COMMIT_NAMED.sub(lambda m: m.group(1) + _head_commit(), v) if isinstance(v, str) else v
    for cell in nb.cells:
        for o in cell.get('outputs', []):
            if 'text' in o: o['text'] = fix(o['text'])
            for k in ('text/plain', 'text/html', 'text/markdown'):
                if k in o.get('data', {}): o['data'][k] = fix(o['data'][k])


# ---------------------------------------------------------------- the Reference: show_doc entries in the order of the code
SHOW_DOC_CELL = re.compile(r'^(?:#\|.*\n)*\s*show_doc\(([\w.]+)\)\s*$')


def show_docs_in_source_order(nb, source: Path) -> None:
    """nbdev's `add_show_docs` puts the entries of an `#| export` cell that defines several names in reverse order (it
    inserts each at the cell's index + 1): put each run of such entries back in the order the notebook defines them.
    Entries the notebook writes itself (`show_doc(x)` cells) stay where they are."""
    if not source.exists(): return
    src = nbformat.read(source, as_version=4)
    code = [c.source for c in src.cells if c.cell_type == 'code']
    explicit = {m.group(1) for s in code for m in [SHOW_DOC_CELL.match(s)] if m}
    order = {n: i for i, n in enumerate(n for s in code if re.match(r'#\|\s*exports?\b', s) for n in defined_names(s))}
    auto = lambda c: c.cell_type == 'code' and (m := SHOW_DOC_CELL.match(c.source)) and m.group(1) not in explicit \
        and m.group(1) in order
    i, cells = 0, nb.cells
    while i < len(cells):
        j = i
        while j < len(cells) and auto(cells[j]): j += 1
        if j - i > 1: cells[i:j] = sorted(cells[i:j], key=lambda c: order[SHOW_DOC_CELL.match(c.source).group(1)])
        i = max(i + 1, j)


def convert_notebook(src: Path, dst_dir: Path, mode: str = 'reference') -> str:
    nb = nbformat.read(src, as_version=4)
    if mode == 'reference': show_docs_in_source_order(nb, NBS / src.name)
    name_build_commit(nb)
    front = {}
    if nb.cells and nb.cells[0].cell_type == 'raw' and nb.cells[0].source.startswith('---'):
        front = yaml.safe_load(nb.cells[0].source.strip().strip('-')) or {}
        nb.cells = nb.cells[1:]
    if mode == 'procedure' and nb.cells and nb.cells[0].cell_type == 'markdown' and nb.cells[0].source.startswith('# '):
        head_md = nb.cells.pop(0).source   # nbdev's title cell: `# Title` and `> description`
        front.setdefault('title', head_md.splitlines()[0][2:].strip())
        desc = [l[1:].strip() for l in head_md.splitlines()[1:] if l.startswith('>')]
        if desc: front.setdefault('description', ' '.join(desc))
    name = page_name(src, front)
    module = None
    if mode == 'procedure':
        m = next((re.search(r'#\|\s*default_exp\s+(\S+)', c.source) for c in nb.cells
                  if c.cell_type == 'code' and 'default_exp' in c.source), None)
        if m:
            import importlib
            try: module = importlib.import_module(f'reservation_law.{m.group(1)}')
            except Exception: module = None
        add_downloads(nb.cells, module)
    figs = Figures(name)
    cells = [x for c in nb.cells for x in convert_cell(c, mode, figs)]
    cells = [c for c in cells if not (c.cell_type == 'markdown' and 'AUTOGENERATED' in c.source)]
    head = f"# {front.get('title', src.stem)}"
    if front.get('description'): head += f"\n\n*{front['description']}*"
    nb.cells = [nbformat.v4.new_markdown_cell(head)] + cells
    nbformat.write(nb, dst_dir / f'{name}.ipynb')
    return name


PAGES_MARK = '<!-- pages: the build lists every page here, door by door -->'


def page_title(path: Path) -> str:
    "A built page's title (its first heading)."
    nb = nbformat.read(path, as_version=4)
    return nb.cells[0].source.splitlines()[0].lstrip('# ').strip() if nb.cells else path.stem


def main():
    t0 = time.time()
    sys.path.insert(0, str(ROOT))
    from nbdev.serve import proc_nbs
    import os
    os.chdir(ROOT)
    nbs = sorted(p for p in NBS.glob('*.ipynb') if not p.name.startswith(('_', '.')))   # the notebooks nbdev processes
    # nbdev processes only the Reference pages' notebooks: a procedure or course page is built from the notebook itself
    # (below), so its processed copy was never read (processing runs each notebook's definitions and show_doc cells:
    # about half of the build's own CPU went on the procedure notebooks)
    own = [p.name for p in nbs if mode_of(p) == 'procedure']
    proc = Path(proc_nbs(n_workers=0, skip_file_re='^[_.]' + ''.join(f'|^{re.escape(n)}$' for n in own)))
    if SRC.exists(): shutil.rmtree(SRC)
    SRC.mkdir(parents=True)
    names, sections = [], {}
    for p in nbs:   # procedure and course pages from the notebooks themselves (their exported code, folded)
        mode = mode_of(p)
        n = convert_notebook(p if mode == 'procedure' else proc / p.name, SRC, mode)
        names.append(n)
        if n != 'index': sections.setdefault(section_of(p), []).append(n)
    # the home page's table of contents: procedures, course, reference (in notebook order inside each)
    idx = SRC / 'index.ipynb'
    nb = nbformat.read(idx, as_version=4)
    titles = {n: page_title(SRC / f'{n}.ipynb') for n in names}
    listing = '\n\n'.join(f'**{SECTIONS[k]}**: ' + ' · '.join(f'<a href="{n}.html">{htmllib.escape(titles[n])}</a>'
                            for n in sections[SECTIONS[k]]) for k in ORDER if SECTIONS[k] in sections)
    for c in nb.cells:
        if c.cell_type == 'markdown' and PAGES_MARK in c.source: c.source = c.source.replace(PAGES_MARK, listing)
    for key in ORDER:
        title = SECTIONS[key]
        if title in sections:
            nb.cells.append(nbformat.v4.new_markdown_cell(f'```{{toctree}}\n:maxdepth: 1\n:hidden:\n:caption: {title}\n\n'
                                                          + '\n'.join(sections[title]) + '\n```'))
    nbformat.write(nb, idx)
    statutes = DOCS / '_static' / 'statutes'   # the texts as received, so that every quotation can be checked
    if statutes.exists(): shutil.rmtree(statutes)
    shutil.copytree(ROOT / 'reservation_law' / 'statutes', statutes,   # the texts and their README, not the statutes' code
                    ignore=lambda d, names: [n for n in names if not n.endswith(('.txt', '.md'))])
    fonts = DOCS / '_static' / 'fonts'         # the shipped Devanagari font, its licence, and the @font-face rules for it
    if fonts.exists(): shutil.rmtree(fonts)
    shutil.copytree(ROOT / 'reservation_law' / 'fonts', fonts, ignore=shutil.ignore_patterns('__pycache__'))
    from reservation_law.core.fonts import site_css
    (fonts / 'fonts.css').write_text(site_css('.'), encoding='utf-8')
    data = DOCS / '_static' / 'data'           # every bundled input, downloadable next to the examples
    if data.exists(): shutil.rmtree(data)
    data.mkdir(parents=True)
    for f in sorted(DATA.glob('*.csv')) + [DATA / 'README.md']: shutil.copy2(f, data / f.name)
    if OUT.exists(): shutil.rmtree(OUT)
    shutil.rmtree(OUT.parent / 'doctrees', ignore_errors=True)   # a fresh build each time, as before
    r = subprocess.run([sys.executable, '-m', 'sphinx', '-W', '--keep-going', '-q', '-b', 'html', '-d', str(OUT.parent / 'doctrees'),
                        '-c', str(DOCS), str(SRC), str(OUT)])   # Sphinx's cache (it holds the build's paths) beside the site, not in it
    if r.returncode: sys.exit(r.returncode)
    for page in sorted(OUT.glob('*_hi.html')):   # a Hindi page says so (Sphinx gives every page the site's language):
        text = page.read_text(encoding='utf-8')  # a screen reader's voice, a browser's fonts and hyphenation follow it
        text = text.replace('<html lang="en"', '<html lang="hi"', 1)
        for en, hi in CHROME_HI:                 # and the theme's own words around the page are in Hindi too
            text = text.replace(en, hi)
        page.write_text(text, encoding='utf-8')
    print(f"docs: {len(names)} pages built in {time.time() - t0:.1f} s → {OUT / 'index.html'}")


# The theme's words on a Hindi page (pydata-sphinx-theme has no Hindi of its own; Sphinx gives a whole site one
# language): (the HTML as the theme writes it, the same in Hindi). The glossary's terms; the other pages' titles in the
# navigation stay as those pages have them.
CHROME_HI = (('>Skip to main content</a>', '>मुख्य सामग्री पर जाएँ</a>'),
             ('</i>Back to top</button>', '</i>ऊपर जाएँ</button>'),
             ('<span class="search-button__default-text">Search</span>', '<span class="search-button__default-text">खोजें</span>'),
             ('title="Search" aria-label="Search"', 'title="खोजें" aria-label="खोजें"'),
             ('placeholder="Search..."', 'placeholder="खोजें..."'), ('aria-label="Search..."', 'aria-label="खोजें..."'),
             ('<h2> Contents </h2>', '<h2> इस पृष्ठ पर </h2>'), ('</i> Contents', '</i> इस पृष्ठ पर'),
             ('<p class="prev-next-subtitle">previous</p>', '<p class="prev-next-subtitle">पिछला</p>'),
             ('<p class="prev-next-subtitle">next</p>', '<p class="prev-next-subtitle">अगला</p>'),
             ('title="previous page"', 'title="पिछला पृष्ठ"'), ('title="next page"', 'title="अगला पृष्ठ"'))


if __name__ == '__main__':
    main()
