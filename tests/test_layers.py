"""The package's plan holds (issue #17): four layers in folders, each importing only the layers below it, no import
circle at module or function level, `cli` holding every parser, no module over about 400 lines without a reason at
its top."""
import ast
from pathlib import Path
import pytest
from conftest import ROOT

PKG = ROOT / 'reservation_law'
LAYERS = {'core': 0, 'statutes': 1, 'pictures': 2, 'procedures': 3, 'record': 4}
TOP = 5   # api, cli, commands, course, workbook, reference: the doors
MAX_LINES = 400


def modules() -> dict:
    "Dotted module name -> path, for every module of the package (not `_modidx`, the generated index)."
    out = {}
    for p in sorted(PKG.rglob('*.py')):
        if '__pycache__' in p.parts or p.name == '_modidx.py': continue
        parts = p.relative_to(ROOT).with_suffix('').parts
        out['.'.join(parts[:-1] if parts[-1] == '__init__' else parts)] = p
    return out


def layer(mod: str) -> int:
    parts = mod.split('.')
    if len(parts) == 1: return -1                      # the package itself: its lazy public names
    return LAYERS.get(parts[1], TOP)


def imports(mod: str, path: Path) -> set:
    "Every module of the package that `mod` imports, at module or function level."
    tree, out = ast.parse(path.read_text(encoding='utf-8')), set()
    pkg = mod if path.name == '__init__.py' else mod.rpartition('.')[0]
    known = modules()
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom):
            base = n.module or ''
            if n.level:
                up = pkg.split('.')[:len(pkg.split('.')) - (n.level - 1)]
                base = '.'.join(up + ([base] if base else []))
            if not base.startswith('reservation_law'): continue
            for a in n.names:
                sub = f'{base}.{a.name}'
                out.add(sub if sub in known else base)
        elif isinstance(n, ast.Import):
            out |= {a.name for a in n.names if a.name.startswith('reservation_law.')}
    out.discard(mod)
    return {m for m in out if m in known}


def graph() -> dict:
    return {m: imports(m, p) for m, p in modules().items() if m != 'reservation_law'}


def test_the_tree_shows_the_four_layers():
    for folder in ('core', 'statutes', 'procedures', 'record'):
        assert (PKG / folder / '__init__.py').exists(), folder
    assert not [p.name for p in PKG.glob('*.py') if p.stem in ('rounding', 'bodies', 'arrangement', 'check', 'record', 'rotate', 'order')]


def test_each_layer_imports_only_the_layers_below_it():
    bad = [(m, i) for m, deps in graph().items() for i in deps
           if i != 'reservation_law' and (layer(i) > layer(m) or (layer(i) == layer(m) == TOP and False))]
    assert not bad, bad


def test_no_import_circle_at_module_or_function_level():
    g = graph()
    seen, stack, cycles = {}, [], []
    def visit(m):
        seen[m] = 'open'; stack.append(m)
        for d in sorted(g.get(m, ())):
            if seen.get(d) == 'open': cycles.append(stack[stack.index(d):] + [d])
            elif d not in seen: visit(d)
        stack.pop(); seen[m] = 'done'
    for m in sorted(g):
        if m not in seen: visit(m)
    assert not cycles, cycles


def test_every_parser_is_in_cli():
    for m, p in modules().items():
        if m == 'reservation_law.cli': continue
        tree = ast.parse(p.read_text(encoding='utf-8'))
        found = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith('configure_')]
        assert not found, (m, found)
        assert 'add_argument(' not in p.read_text(encoding='utf-8'), m


@pytest.mark.parametrize('mod', sorted(m for m in modules() if m != 'reservation_law'))
def test_a_long_module_says_why_at_its_top(mod):
    text = modules()[mod].read_text(encoding='utf-8')
    if text.count('\n') <= MAX_LINES: return
    head = text[:3000]
    assert 'Why one module:' in head, f'{mod}: {text.count(chr(10))} lines and no reason at its top'


def test_the_checker_sees_a_circle_and_an_upward_import(tmp_path, monkeypatch):
    "The tests above can fail: a core module importing a procedure is caught, and so is a circle."
    g = {'reservation_law.core.a': {'reservation_law.procedures.b'}, 'reservation_law.procedures.b': {'reservation_law.core.a'}}
    assert [(m, i) for m, deps in g.items() for i in deps if layer(i) > layer(m)] == [('reservation_law.core.a', 'reservation_law.procedures.b')]
    monkeypatch.setattr(__import__(__name__), 'graph', lambda: g)
    with pytest.raises(AssertionError): test_no_import_circle_at_module_or_function_level()


@pytest.mark.parametrize('old, name, new', [('check', 'Check', 'reservation_law.procedures.check'),
                                            ('check', 'explain', 'reservation_law.procedures.explain'),
                                            ('bodies', 'load_bodies', 'reservation_law.core.bodies'),
                                            ('exhibit', 'read_saved', 'reservation_law.record.verify'),
                                            ('up_mayor_2023', 'walk_group', 'reservation_law.statutes.up_mayor_2023')])
def test_an_old_module_path_still_imports_with_a_deprecation_warning(old, name, new):
    import importlib, sys
    sys.modules.pop(f'reservation_law.{old}', None)
    with pytest.warns(DeprecationWarning, match=f'reservation_law.{old} is deprecated'):
        module = importlib.import_module(f'reservation_law.{old}')
    assert getattr(module, name) is getattr(importlib.import_module(new), name)


def test_the_old_record_and_api_names_still_work_with_a_deprecation_warning():
    import reservation_law.record as record, reservation_law.api as api
    from reservation_law.core.json import to_json
    from reservation_law.procedures.allot import in_force_warning
    with pytest.warns(DeprecationWarning, match='reservation_law.record.to_json is deprecated'):
        assert record.to_json is to_json
    with pytest.warns(DeprecationWarning, match='reservation_law.api.in_force_warning is deprecated'):
        assert api.in_force_warning is in_force_warning
    with pytest.raises(AttributeError): record.no_such_name


def test_the_public_api_is_where_it_was():
    import reservation_law as rl
    from reservation_law.procedures.allot import allot
    from reservation_law.procedures.check import check, Check
    assert rl.allot is allot and callable(rl.check) and rl.check.Check is Check and callable(rl.statutes)
    assert [s.id for s in rl.statutes()][:2] == ['up-mayor-1994', 'up-mayor-2023']
    import reservation_law.statutes.up_mayor_2023   # noqa: F401  (binds the package as `rl.statutes`: still callable)
    assert callable(rl.statutes) and rl.statutes() == rl.core.registry.statutes()
