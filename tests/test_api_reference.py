"""The API reference says what the code does: every statute's columns, every field and method of `Result`, every
parameter of every public function, `allot` first, no internal helper (nbs/54_api.ipynb, nbs/53_results.ipynb)."""
import ast, dataclasses, importlib.util, inspect, json, re
import pandas as pd
import pytest
import reservation_law as rl
from reservation_law.core import registry
from reservation_law.core.arrangement import Result
from reservation_law import reference as ref
from conftest import ROOT

API_NB, RESULTS_NB = ROOT / 'nbs' / '54_api.ipynb', ROOT / 'nbs' / '53_results.ipynb'
PUBLIC_ORDER = ['allot', 'seats', 'load_previous', 'load_bodies', 'statutes', 'get', 'from_json', 'to_json', 'rotate',
                'check', 'explain', 'InputError']
STATUTES = [s.id for s in registry.statutes() if s.status != 'planned']


def _cells(path):
    return json.loads(path.read_text(encoding='utf-8'))['cells']


def _src(c): return ''.join(c['source'])


def _markdown_outputs(path, needle):
    "The Markdown outputs of the cells of `path` whose source holds `needle`."
    return [''.join(o['data']['text/markdown']) for c in _cells(path) if c['cell_type'] == 'code' and needle in _src(c)
            for o in c.get('outputs', []) if 'text/markdown' in o.get('data', {})]


def _first_column(md_table: str) -> list:
    rows = [r for r in md_table.splitlines() if r.startswith('|')][2:]
    return [re.sub(r'</?code>', '', r.split('|')[1]).strip() for r in rows]


def _run(statute, given=()):
    kw = ref.example(statute, given)
    return (rl.allot if registry.get(statute).kind == 'allot' else rl.seats)(statute, **kw)


# ---------------------------------------------------------------- the columns of each statute
def test_every_implemented_statute_has_its_columns_documented():
    assert sorted(ref.STATUTE_COLUMNS) == sorted(STATUTES)


@pytest.mark.parametrize('statute', STATUTES)
def test_a_statute_writes_exactly_the_documented_columns(statute):
    "A column gained or lost (with or without the extras that add columns) fails here, naming the statute."
    extras = tuple(dict.fromkeys(w for _, w in ref.STATUTE_COLUMNS[statute] if w))
    for given in [()] + [(w,) for w in extras]:
        assert list(_run(statute, given).table.columns) == ref.columns_of(statute, given), (statute, given)


def test_every_documented_column_has_a_meaning_and_every_meaning_a_column():
    used = {c for spec in ref.STATUTE_COLUMNS.values() for c, _ in spec}
    assert used == set(ref.COLUMNS)
    assert all(isinstance(v, str) and len(v) > 5 for v in ref.COLUMNS.values())
    assert {w for spec in ref.STATUTE_COLUMNS.values() for _, w in spec} <= set(ref.WHEN)


def test_the_page_shows_a_column_table_per_statute_as_documented():
    for statute in STATUTES:
        [table] = _markdown_outputs(RESULTS_NB, f'columns_table({statute!r})')
        assert _first_column(table) == [c for c, _ in ref.STATUTE_COLUMNS[statute]], statute


def test_columns_of_refuses_an_unknown_statute():
    with pytest.raises(KeyError): ref.columns_of('no-such-law')
    with pytest.raises(KeyError): ref.example('no-such-law')


# ---------------------------------------------------------------- Result
def test_the_fields_table_names_every_field_of_result_with_its_meaning():
    names = [f.name for f in dataclasses.fields(Result)]
    t = ref.fields_table(Result)
    assert list(t['field']) == names
    assert all(m.strip() for m in t['meaning']), 'a field of Result without its comment (docments)'
    [shown] = _markdown_outputs(RESULTS_NB, 'fields_table(Result)')
    assert _first_column(shown) == names     # the stored page table too (check_outputs keeps it equal to a fresh run)


def test_the_fields_table_fails_for_a_field_without_a_comment():
    @dataclasses.dataclass
    class Two:
        a: int   # the first
        b: int = 0
    t = ref.fields_table(Two)
    assert list(t['field']) == ['a', 'b'] and list(t['meaning']) == ['the first', '']


def test_the_methods_table_names_every_public_method_of_result():
    import reservation_law.core.json  # noqa: F401  (adds Result.to_json, Result.from_json)
    public = [n for n, m in vars(Result).items() if (callable(m) or isinstance(m, staticmethod)) and not n.startswith('_')]
    t = ref.methods_table(Result)
    assert [m.split('(')[0] for m in t['method']] == public
    assert 'steps_table' in public and 'explain' in public
    [shown] = _markdown_outputs(RESULTS_NB, 'methods_table(Result)')
    assert [m.split('(')[0] for m in _first_column(shown)] == public


# ---------------------------------------------------------------- the functions
def test_parameter_table_needs_a_meaning_for_every_parameter_and_the_return_value():
    t = ref.parameter_table(rl.allot)
    names = _first_column(t)
    assert names[:-1] == list(inspect.signature(rl.allot).parameters) and names[-1] == '→ returns'
    def f(a: int, b: str = 'x') -> int: return a
    with pytest.raises(ValueError, match="parameter 'a'"): ref.parameter_table(f)
    with pytest.raises(ValueError, match='return value'): ref.parameter_table(f, a='one', b='two')
    with pytest.raises(KeyError): ref.parameter_table(f, a='one', b='two', c='three', returns='r')
    assert "`str`" in ref.parameter_table(f, a='one', b='two', returns='r')
    assert r"`pd.DataFrame \| str \| Path`" in t   # a `|` in a type does not break the Markdown table


@pytest.mark.parametrize('f', [rl.allot, rl.seats, rl.load_previous])
def test_the_api_functions_document_every_parameter_in_their_signature(f):
    from fastcore.docments import docments
    dm = docments(f, full=True)
    assert all(v['docment'] for v in dm.values()), [k for k, v in dm.items() if not v['docment']]


def test_the_api_page_documents_every_public_name_allot_first():
    cells = _cells(API_NB)
    shown = [m.group(1) for c in cells if c['cell_type'] == 'code' for m in [re.match(r'show_doc\((\w+)', _src(c))] if m]
    assert shown == PUBLIC_ORDER
    tables = [m.group(1) for c in cells if c['cell_type'] == 'code'
              for m in [re.match(r'#\| echo: false\nparameter_table\((\w+)', _src(c))] if m]
    assert tables == PUBLIC_ORDER[:-1]               # every function has its parameter table (InputError: its attributes)
    assert set(rl.__all__) <= set(PUBLIC_ORDER)
    text = '\n'.join(_src(c) for c in cells if c['cell_type'] == 'markdown')
    for name in PUBLIC_ORDER[:-1]:
        assert re.search(rf'^##+ `{name}` \{{#api-', text, re.M), name
    assert text.count('**Raises**') == len(PUBLIC_ORDER) - 1


def test_the_api_page_documents_no_internal_helper():
    "nbdev documents every public name an `#| export` cell defines: the API's helpers are `#| exporti`, out of `__all__`."
    import reservation_law.procedures.allot as api
    assert api.__all__ == ['allot', 'seats', 'load_previous']
    for c in _cells(API_NB):
        s = _src(c)
        if c['cell_type'] == 'code' and re.match(r'#\|\s*export\s*\n', s):
            defined = [n.name for n in ast.parse(s).body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
            assert set(defined) <= {'allot', 'seats', 'load_previous'}, defined


def test_every_example_on_bc_figures_says_they_are_illustrative():
    for path in (API_NB, RESULTS_NB):
        section, md, flagged = '', '', []
        for c in _cells(path):
            s = _src(c)
            if c['cell_type'] == 'markdown':
                if re.search(r'^#{1,4} ', s, re.M): section, md = s, ''
                md += s
            elif not s.startswith('#| hide') and re.search(r"bc_illustrative|\bcorporations\b|\bmayors\b", s) \
                    and 'illustrative' not in (md + s).lower():
                flagged.append(s.splitlines()[0])
        assert flagged == [], (path.name, flagged)


def test_every_example_result_is_pinned_by_a_hidden_assertion():
    cells = _cells(API_NB)
    for i, c in enumerate(cells):
        if c['cell_type'] == 'markdown' and re.search(r'^### Worked example', _src(c), re.M):
            rest = []
            for d in cells[i + 1:]:
                if d['cell_type'] == 'markdown' and re.search(r'^#{2,3} ', _src(d), re.M): break
                rest.append(_src(d))
            assert any(re.search(r'test_(eq|fail)\(', s) for s in rest), _src(c).splitlines()[0]


# ---------------------------------------------------------------- the build: show_doc entries in the order of the code
def _build_module():
    spec = importlib.util.spec_from_file_location('docs_build', ROOT / 'docs' / 'build.py')
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def test_the_build_puts_nbdevs_show_doc_entries_back_in_the_order_of_the_code(tmp_path):
    import nbformat
    build = _build_module()
    v4 = nbformat.v4
    source = v4.new_notebook(cells=[v4.new_code_cell('#| export\ndef first(): pass\ndef second(): pass\ndef third(): pass'),
                                    v4.new_code_cell('#| export\ndef mine(): pass\ndef other(): pass'),
                                    v4.new_code_cell('show_doc(other)'), v4.new_code_cell('show_doc(mine)')])
    nbformat.write(source, tmp_path / '09_x.ipynb')
    sd = lambda n: v4.new_code_cell(f'#| echo: false\n#| output: asis\nshow_doc({n})')
    proc = v4.new_notebook(cells=[v4.new_code_cell(''), sd('third'), sd('second'), sd('first'), v4.new_code_cell(''),
                                  sd('other'), sd('mine')])   # nbdev's order, then the notebook's own entries
    build.show_docs_in_source_order(proc, tmp_path / '09_x.ipynb')
    names = [re.search(r'show_doc\((\w+)\)', c.source).group(1) for c in proc.cells if 'show_doc' in c.source]
    assert names == ['first', 'second', 'third', 'other', 'mine']


def test_check_rotate_and_explain_are_called_from_the_package_as_allot_is():
    "`rl.check`, `rl.rotate` (their modules) and `rl.explain` are callable with the documented functions' signatures."
    from reservation_law.procedures.check import check
    from reservation_law.procedures.explain import explain
    from reservation_law.procedures.rotate import rotate
    for name, f in (('check', check), ('rotate', rotate), ('explain', explain)):
        assert callable(getattr(rl, name)) and inspect.signature(getattr(rl, name)) == inspect.signature(f), name
    assert ref.parameter_table(rl.allot)        # the page's tables are of the functions themselves
    cells = _cells(API_NB)
    assert any("rl.check(" in _src(c) for c in cells if c['cell_type'] == 'code'), 'no example calls rl.check'
