"""Numbers in prose are computed by the page, never typed (issue #21): a count or figure in a Markdown cell goes stale
the day the data or the code changes, while the page's tables and pictures stay right beside it. A page says such a
number with a `#| echo: false` cell whose output is `Markdown(f"...")`, computed from what the page shows.

What is read: a Markdown cell's prose, outside fenced code, code spans, link targets, `{#anchor}` attributes, HTML
tags, and blockquotes (the statute's words, quoted verbatim), except the page's own description (the first cell's
`> ` line, the subtitle nbdev shows), which is prose."""
import json, re
import pytest
from conftest import ROOT

NBS = ROOT / 'nbs'
STATUTES = ROOT / 'reservation_law' / 'statutes'
SHORT = 80          # characters: a quotation longer than this is a passage, and goes in a blockquote with its source


def _folded(s: str) -> str: return ' '.join(s.split())


def statute_quotations(line: str, texts: str | None = None) -> str:
    """The line with each short quotation of the statute taken out: text in double quotes ("…" or “…”), at most `SHORT`
    characters, found verbatim (whole words, whitespace folded) in the statute texts `reservation_law/statutes/*.txt`;
    an ellipsis (…) inside the quotes joins parts that are each verbatim. A quotation is words: at least three, and no
    more of them with a digit than without (a number alone in quotes, "23", quotes nothing). A figure the statute
    states, quoted in its own words, is the statute's figure, not one typed by hand: "not less than 20,000 but less
    than 40,000" passes, "not more than 28 per cent" does not."""
    if texts is None: texts = _statute_texts()
    def verbatim(p): return re.search(r'(?<!\w)' + re.escape(p) + r'(?!\w)', texts) is not None
    def out(m):
        q = m.group(1) or m.group(2)
        parts, words = [_folded(p) for p in q.split('…')], q.split()
        ok = (len(q) <= SHORT and any(parts) and all(not p or verbatim(p) for p in parts)
              and len(words) >= 3 and 2 * sum(bool(re.search(r'\d', w)) for w in words) <= len(words))
        return ' ' if ok else m.group(0)
    return re.sub(r'"([^"]+)"|“([^”]+)”', out, line)


_TEXTS = []
def _statute_texts() -> str:
    if not _TEXTS: _TEXTS.append(' \n '.join(_folded(p.read_text(encoding='utf-8')) for p in sorted(STATUTES.glob('*.txt'))))
    return _TEXTS[0]

# What a typed number may be: each kind is fixed by the text or the calendar, not by the data or the code.
ALLOWED = {
    'a short quotation of the statute, in double quotes, found verbatim (whitespace folded) in the statute texts '
    'reservation_law/statutes/*.txt ("not less than 20,000 but less than 40,000")': statute_quotations,
    "an Act by its number and year (U.P. Act 25 of 2006, Act 12 of 1994; before the year rule, which would take its year)": r'\bAct\s\d+\sof\s(?:19|20)\d\d\b',
    'a year (Census 2011, the 2023 text)': r'\b(?:19|20)\d\d\b',
    "a clause, section or Article: s.7(5)(1), s.9-A(5), धारा 9-क(5), Art. 243T(2), Articles 341 and 342": (
        r'(?:\bss?\.|धारा|\bArt(?:icles?|\.))\s?\d+(?:-(?:[A-Z]|क))?(?:\s+and\s+\d+)?|\(\d+\)'),
    'a step or an exercise of the course by its number (steps 5 to 7, चरण 5 से 7)': (
        r'\b(?:[Ss]teps?|[Ee]xercises?|चरण|अभ्यास)\s+\d+(?:\s+(?:to|से)\s+\d+)?'),
    'the number of a list item': r'^\s*\d+\.\s',
    "a percentage the statute states (the BC cap's 27 per cent; category A's 80 per cent)": r'\b(?:27|80) %',
    'the paper size (A4)': r'\bA4\b',
    "a percentage's definition (× 100)": r'×\s?100\b',
    'a date (published on 30 March 2023, objections until 6 April)': (
        r'\b\d{1,2}\s(?:January|February|March|April|May|June|July|August|September|October|November|December)\b'),
    "a hash's name (SHA-256)": r'\bSHA-256\b',
    "an encoding's name (UTF-8)": r'\bUTF-(?:8|16)\b',
    'an amendment of the Constitution by its number (the Constitution (104th Amendment) Act)': (
        r'\bConstitution \(\d+(?:st|nd|rd|th) Amendment\) Act\b'),
    'a Unicode standard or code point (UTS #39, U+034F)': r'\bUTS #\d+\b|\bU\+[0-9A-F]{4,6}\b',
    "an issue of this project (issue #21, issues #8 and #19)": r'\b[Ii]ssues?\s#\d+(?:(?:,\s|,?\s(?:and|or)\s)#\d+)*\b',
    # a chain of elections shown on the page (its table's columns are the elections 1, 2, …): an election named by its
    # place in the chain, as a step of the course is named by its number; a count of elections ("24 elections") is not
    'an election of a chain by its number (election 2, elections 1 to 4)': r'\b[Ee]lections?\s\d+(?:\s(?:to|and)\s\d+)?\b(?![.,]?\d)',
    # mathematics: a formula's constants are not figures. A number is read as part of a formula only when it is
    # inside a ceiling or floor, a coefficient written against a one-letter variable or a bracket, an operand of an
    # arithmetic operator whose other operand is a one-letter variable or a bracket, or a congruence's residue and
    # modulus. A number compared with a variable ("N = 17", "N ≤ 17") or combined with numbers only is not.
    'a formula (2⌈N/k⌉ − 1, N − 1, (2c + 1)·P, 1/(bd), ⌈1/3⌉, k ≡ 2 mod 3)': (
        r'[⌈⌊][^⌉⌋]*[⌉⌋]'                                                    # inside a ceiling or a floor
        r'|\d+[⁰-⁹⁻]*(?=[a-jln-wyzA-FH-JLN-WYZ]\b|[⌈⌊(])'                     # a coefficient: 2⌈N/k⌉, 4N, 2c (not 10k, 2x)
        r'|(?<![a-zA-Z][a-zA-Z])(?<=[a-zA-Z])[⁰-⁹]*\s?[−+·×/]\s?\d+[⁰-⁹⁻]*\b'   # after a variable: N − 1, w/2
        r'|(?<=[⌉⌋)|])[⁰-⁹]*\s?[−+·×/]\s?\d+[⁰-⁹⁻]*\b'                       # after a bracket: ⌈N/k⌉ − 1
        r'|\b\d+[⁰-⁹⁻]*\s?[−+·×/]\s?(?=\b[a-zA-Z]\b|[⌈⌊(|])'                 # before a variable or a bracket: 1/(bd)
        r'|≡\s?\d+\s?\(?mod\s\d+\)?'),                                       # a congruence: k ≡ 2 mod 3
    # an exit status, a fixed part of every command's interface: in the sentence that says "exit status" or "exits",
    # the statuses themselves (0, 1, 2, 3, 130) and nothing else
    'an exit status (exit status 2; exits with 0, or 2 for bad input; Exit status: 0 done, 1 departs)': (
        lambda line: re.sub(r'\b(?:[Ee]xit status(?:es)?|[Ee]xits(?: with)?)\b[^.]*',
                            lambda m: re.sub(r'(?<![\d.,])\b(?:0|1|2|3|130)\b(?![.,]?\d)', ' ', m.group(0)), line)),
}
# Every page is held to it in full (issue #21 closed the last ones: the statutes', procedures', core and door pages).
STRICT = sorted(p.stem for p in NBS.glob('*.ipynb'))
# A count of bodies typed before their name ("the 17 corporations", "22 Palika Parishads", "17 नगर निगम"): on every page.
BODY_COUNT = re.compile(r'(?<![\w.(/-])[\d०-९][\d०-९,]*\s+(?:(?:U\.P\.|real|bundled|Municipal)\s+)*(?:[Cc]orporations?|Palika '
                        r'Parishads?|Nagar Panchayats?|bodies|councils|Mayors|नगर निगम|नगर पालिका परिषद|नगर पंचायत|निकाय)')


def prose_lines(cells):
    "(cell number, line) of the prose of every Markdown cell, with what is not prose taken out."
    for i, c in enumerate(cells):
        if c['cell_type'] != 'markdown': continue
        fenced = False
        for line in ''.join(c['source']).splitlines():
            if line.lstrip().startswith('```'): fenced = not fenced; continue
            if fenced: continue
            if line.lstrip().startswith('>'):
                if i > 0 or not re.match(r'^>\s', line): continue     # a quotation; the page's description is prose
                line = line.lstrip('> ')
            line = re.sub(r'`[^`]*`', '', line)                        # code spans
            line = re.sub(r'\]\([^)]*\)', ']', line)                  # link targets
            line = re.sub(r'\{[#.][^}]*\}', '', line)                 # anchors and classes
            line = re.sub(r'<[^>]+>', '', line)                       # HTML tags
            yield i, line


def typed_numbers(cells) -> list:
    "Every number typed in the prose that no entry of ALLOWED explains: (cell, the line as read)."
    out = []
    for i, line in prose_lines(cells):
        rest = line
        for pat in ALLOWED.values(): rest = pat(rest) if callable(pat) else re.sub(pat, ' ', rest)
        if re.search(r'[0-9०-९]', rest): out.append((i, line.strip()))
    return out


def typed_body_counts(cells) -> list:
    return [(i, m.group(0)) for i, line in prose_lines(cells) for m in BODY_COUNT.finditer(line)]


def cells_of(name): return json.loads((NBS / f'{name}.ipynb').read_text(encoding='utf-8'))['cells']


def md(*sources): return [{'cell_type': 'markdown', 'source': s} for s in sources]


@pytest.mark.parametrize('name', STRICT)
def test_no_number_typed_in_the_prose(name):
    found = typed_numbers(cells_of(name))
    assert not found, f'{name}.ipynb types numbers in its prose (compute them: a `Markdown(f"...")` cell): {found}'


def test_no_count_of_bodies_typed_on_any_page():
    found = {p.stem: typed_body_counts(json.loads(p.read_text(encoding='utf-8'))['cells']) for p in sorted(NBS.glob('*.ipynb'))}
    new = {k: v for k, v in found.items() if v}
    assert not new, f'a count of bodies typed in the prose (compute it): {new}'


def test_the_quotation_rule_can_fail():
    "ALLOWED's short quotation of the statute: what it lets through, and the typed figures it still catches."
    assert typed_numbers(md('"not more than 28 per cent"'))                # a quotation the statute does not contain
    assert typed_numbers(md('"not less than 20,000" and 23 seats'))        # a figure outside the quotation
    assert typed_numbers(md('"23 (2) for a municipal area with a population of not less than 40,000 but less than 50,000. 27 (3)"'))
    assert typed_numbers(md('"not less than 20,000 … 41,000"'))           # each part of an elision is verbatim
    assert typed_numbers(md('“not less than 20,000"'))                     # unmatched quotes quote nothing
    assert typed_numbers(md('a council of "23" seats', '"23 (2) for"'))     # a number alone, or numbers mostly, is no quotation
    assert typed_numbers(md('"less than 40,00"', '"3 lakhs"'))             # part of a word, or two words, is no quotation
    assert not typed_numbers(md('a population "not less than 20,000 but less than 40,000": serial no. (1)',
                                '“not less than one lakh but less than three lakhs” and "not less than 20,000 … 40,000"',
                                'it refers to "sub-section (2A) of section 42" and "clause (1A) of section 2"'))


def test_the_prose_checks_can_fail():
    # what issue #21 found, typed: each is caught
    assert typed_numbers(md('# T\n\n> A course for the 17 U.P. Municipal Corporations.'))          # the description
    assert typed_numbers(md('The 17 corporations, in alphabetical order (Census 2011):'))
    assert typed_numbers(md('[17 नगर निगम (CSV)](x.csv)। जैसे 1,85,000'))
    assert typed_numbers(md('Twice the bodies (44, the same figures repeated)'))
    assert typed_numbers(md('the check page says 16 … and 8 readings'))
    assert typed_numbers(md('४४ निकाय'))                                                           # Devanagari digits
    assert typed_numbers(md('in 12 of 24 elections, from March'))                        # a number that is not a date
    assert typed_numbers(md('the SHA-256 of its 2 inputs'))
    # a formula's constants are allowed, a figure beside or inside one is not
    assert typed_numbers(md('the bound N ≤ 17 for N = 17 corporations'))
    assert typed_numbers(md('7 × 1,000 / 7,000 = 1 office'))                     # arithmetic on figures, no variable
    assert typed_numbers(md('waits at most 2⌈N/k⌉ − 1 elections, 12 of them'))
    assert typed_numbers(md('the 2nd by BC percentage'))
    assert typed_numbers(md('10k rows')) and typed_numbers(md('a 2x speed-up')) and typed_numbers(md('5M bodies, 2G'))
    assert typed_numbers(md('exit status 2 for the 17 corporations'))            # only the statuses themselves
    assert typed_numbers(md('exits with 0 after 24 elections'))
    assert typed_numbers(md('issue 21 has 12 parts'))                            # an issue is cited with its #
    assert typed_numbers(md('U+034F and 12 more'))
    assert typed_numbers(md('UTF-8, 12 rows'))
    assert typed_numbers(md('the 104th Amendment'))                              # only as the Act's name
    assert typed_numbers(md('U.P. Act 25 of 2006, 3 sections')) and typed_numbers(md('Act 25 amended it'))   # only with its year
    assert typed_numbers(md('24 elections')) and typed_numbers(md('election 2 gives 3 offices'))    # a count of elections
    assert typed_numbers(md('in election 2, 12 of them')) and typed_numbers(md('election 1.5'))
    assert typed_body_counts(md("the 2006 corporations' boundaries", 'the 17 corporations\' file'))
    assert typed_body_counts(md('## Worked example: the 17 corporations {#ex}'))
    assert typed_body_counts(md('the 193 real Palika Parishads of U.P.', 'उत्तर प्रदेश के 17 नगर निगमों के लिए'))
    # and what the text or the calendar fixes is not
    assert not typed_numbers(md('# T\n\n> A course: the 2023 procedure of s.7(5)(1) for the corporations.',
                                '> (i) the quotient shall be increased by one … 17 offices',                # a quotation
                                '## Step 5. The SC arrangement, (d)(i) {#course-mayor-step-5}',
                                'BC: not more than **27 %** of N (the proviso); see steps 5 to 7, `n = 17`, [a](b_17.csv)',
                                '1. A remainder of exactly one half in (b)(i) is rounded up.',
                                'Printed (A4); धारा 9-क(5), चरण 5 से 7; Articles 341 and 342',
                                'published on 30 March 2023, objections until 6 April; the SHA-256 of each input',
                                '```\nreservation-law allot x 17\n```',
                                'none waits more than 2⌈N/k⌉ − 1 elections: |A| ≤ N − 1 and ⌈w/2⌉·k ≤ N − 1, so w ≤ 2⌈N/k⌉ − 2',
                                'holds exactly when (2c − 1)·P < 2N·B ≤ (2c + 1)·P, on random tables (4N elections each)',
                                'differ by |ad − cb|/(bd) ≥ 1/(bd); ⌈1/3⌉; k ≡ 2 mod 3',
                                'Exit status, as for every command: 0 reproduced, 1 not reproduced, 2 bad input, 3 internal error.',
                                'It exits with 0, or 2 for bad input; interrupted, it exits 130',
                                'U.P. Act 25 of 2006 and U.P. Act 12 of 1994; election 2 walks from D, elections 1 to 4, Election 3',
                                'the Constitution (104th Amendment) Act, 2019', 'Unicode (UTS #39) and U+034F in UTF-8; see issues #8 and #19, issue #21'))
