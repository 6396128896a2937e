"""The catalogue (what `statutes` and every --help print) is the register, field for field: a statute or an interpretation
changed in its module and not in reservation_law/catalogue.json fails here."""
import json
from reservation_law.core import catalogue, registry

REMAKE = 'python -c "from reservation_law.core.catalogue import write; write()"'


def test_the_catalogue_file_is_what_the_register_holds():
    assert json.loads(catalogue.FILE.read_text(encoding='utf-8')) == catalogue.make(), f"out of date: {REMAKE}"


def test_entries_read_back_every_field_of_every_statute():
    listed, known = catalogue.entries(), registry.statutes()
    assert [e.id for e in listed] == list(registry.MODULES)
    for e, s in zip(listed, known):
        assert (e.title, e.citation, e.kind, e.status, e.in_force, e.required, e.notes, e.codes, e.text) == \
               (s.title, s.citation, s.kind, s.status, s.in_force, tuple(s.required), s.notes, tuple(s.codes), tuple(s.text))
        assert [(q.name, q.clause, q.question, q.options, q.default) for q in e.interpretations] == \
               [(i.name, i.clause, i.question, dict(i.options), i.default) for i in s.interpretations]


def test_a_changed_interpretation_is_caught(tmp_path):
    "The comparison can fail: one option's words changed in a copy of the table."
    rows = catalogue.make()
    rows[0]['interpretations'][0]['options'] = {k: v + '.' for k, v in rows[0]['interpretations'][0]['options'].items()}
    f = tmp_path / 'catalogue.json'
    f.write_text(json.dumps(rows), encoding='utf-8')
    assert json.loads(f.read_text(encoding='utf-8')) != catalogue.make()
    assert catalogue.entries(f)[0].interpretations[0] != catalogue.entries()[0].interpretations[0]


def test_the_columns_a_reading_does_not_use_are_listed_for_every_reading():
    "#19: `optional` (column -> NAME=OPTION choices) says, for every reading of every statute, which columns it uses."
    import itertools
    for e, s in zip(catalogue.entries(), registry.statutes()):
        names = [i.name for i in s.interpretations]
        for combo in itertools.product(*(list(i.options) for i in s.interpretations)):
            r = dict(zip(names, combo))
            unused = {c for c, chs in e.optional.items() if any(f"{k}={v}" in chs for k, v in r.items())}
            assert set(s.required_for(r)) == set(s.required) - unused, (s.id, r)
    assert {e.id: e.optional for e in catalogue.entries() if e.optional} == \
           {'up-nagar-panchayats-2023': {'division': ['nagar-panchayat-procedure=state']}}
