"Misquoting the law must be impossible to land: every blockquote in nbs/ is checked against the statute text."
import json
from conftest import ROOT
from reservation_law.core.verbatim import check_notebooks, check_quote, statute_text, statute_files


def test_every_quotation_in_the_notebooks_is_verbatim():
    problems = check_notebooks(ROOT / 'nbs')
    assert problems == [], '\n'.join(f'{nb}, cell {i}: {p}' for nb, i, p in problems)


def test_notebooks_quote_something():
    n = sum(''.join(c['source']).count('*source:*') for p in (ROOT / 'nbs').glob('*.ipynb')
            for c in json.loads(p.read_text(encoding='utf-8'))['cells'] if c['cell_type'] == 'markdown')
    assert n >= 5


def test_shipped_texts_are_the_shared_texts_byte_for_byte():
    shared = ROOT.parent / 'shared' / 'statutes'
    if not shared.exists(): return  # only where the shared folder is laid beside the repo
    for name in statute_files():
        assert (shared / name).read_text(encoding='utf-8') == statute_text(name), name


def test_a_misquotation_is_caught(tmp_path):
    nb = {'cells': [{'cell_type': 'markdown', 'metadata': {}, 'source': [
        '> (3)Not less than one-half of the seats reserved\n', '>\n',
        '> — *source:* `up-municipal-corporation-act-1959-s7.txt`\n']}],
        'metadata': {}, 'nbformat': 4, 'nbformat_minor': 5}
    (tmp_path / 'x.ipynb').write_text(json.dumps(nb), encoding='utf-8')
    problems = check_notebooks(tmp_path)
    assert len(problems) == 1 and problems[0][2].startswith('not in up-municipal-corporation-act-1959-s7.txt')


def test_pieces_must_keep_their_order():
    src = '— *source:* `up-municipal-corporation-act-1959-s7.txt`'
    assert check_quote(['(3)Not less than one-third … shall be reserved for women', src]) is None
    assert check_quote(['shall be reserved for women … (3)Not less than one-third', src]) is not None


def test_an_unsourced_or_unknown_source_blockquote_is_refused():
    assert 'without a source' in check_quote(['some words'])
    assert 'no statute text' in check_quote(['some words', '— *source:* `nope.txt`'])
