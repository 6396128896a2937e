"""The pictures a trainer projects (reservation_law.pictures): at most 7.7 inches wide (shown at the site's 741 px
content width, 9 pt stays 9 pt), every label at 9 pt or more, every label on a tile passing WCAG AA (4.5 : 1), and
the marks where the results put them. Drawn on the bundled figures; nothing here decides a legal result."""
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import pandas as pd
import pytest
import reservation_law as rl
from matplotlib.colors import to_hex
from reservation_law import pictures as P
from reservation_law.core.arrangement import KARNATAKA_CODES, UP_CODES
from reservation_law.core.bodies import example_path, load_bodies

MAX_WIDTH = 7.7   # inches, tight box: 741 px of content at 96 px per inch


@pytest.fixture(scope='module')
def mayors():
    return rl.allot('up-mayor-2023', example_path('up_corporations_17_bc_illustrative.csv'))


@pytest.fixture(scope='module')
def parishads():
    b = load_bodies(example_path('up_palika_parishads_example.csv'), ('population', 'sc', 'st', 'bc', 'women', 'division'))
    return rl.allot('up-palika-parishads-2023', b), b


def _fig(x): return x if isinstance(x, plt.Figure) else x.figure


def _checked(x):
    "The figure's tight width within the bound, every text at 9 pt or more, every text on a tile readable on it."
    fig = _fig(x)
    fig.canvas.draw()
    box = fig.get_tightbbox(fig.canvas.get_renderer())
    assert box.width <= MAX_WIDTH, f'{box.width:.2f} in wide'
    texts = [t for t in fig.findobj(matplotlib.text.Text) if t.get_text().strip() and t.get_visible()]
    assert texts and all(t.get_fontsize() >= 9 for t in texts), sorted({t.get_fontsize() for t in texts})
    tiles = {to_hex(c): c for c in P.COLOURS.values()}
    for ax in fig.axes:
        boxes = P._tile_boxes(ax)              # the tiles of a grid (one collection), and every filled patch (a bar)
        for t in ax.texts:
            colour = to_hex(t.get_color())
            faces = [to_hex(p.get_facecolor()) for p in ax.patches
                     if p.get_fill() and p.contains_point(ax.transData.transform(t.get_position()))]
            if t.get_transform() == ax.transData:
                x, y = t.get_position()
                faces += [face for x0, y0, w, h, face in boxes if x0 <= x <= x0 + w and y0 <= y <= y0 + h]
            for face in faces:
                if face in tiles: assert P.contrast(colour, face) >= 4.5, (t.get_text(), colour, face)
            if t.get_transform() == ax.transData:          # a label on a tile stays inside it (a long name ran past its edges)
                x, y = t.get_position()
                for x0, y0, w, h, face in boxes:
                    if x0 <= x <= x0 + w and y0 <= y <= y0 + h:
                        (l, _), (r, _) = ax.transData.transform([(x0, y0), (x0 + w, y0)])
                        e = t.get_window_extent(fig.canvas.get_renderer())
                        assert l - 0.5 <= e.x0 and e.x1 <= r + 0.5, (t.get_text(), e.x0, e.x1, l, r)
    plt.close(fig)
    return fig


def test_arrangement_and_turn(mayors):
    ax = P.plot_turn(mayors, 'BC (s.7(5)(1)(d)(iii))')
    assert len(ax.patches) == 15                                    # the 15 open at BC's turn, not the 17
    labels = [t.get_text() for t in ax.texts]
    assert sum(1 for l in labels if l.endswith(('BC', 'BC-W'))) == 4 and any(l.startswith('cut-off') for l in labels)
    _checked(ax)
    ax = P.plot_arrangement(mayors.arrangements['W (s.7(5)(1)(d)(iv))'][0], dict(zip(mayors.table.body, mayors.table.category)),
                            cut=3, mark=['Meerut'])
    assert sum(1 for p in ax.patches if not p.get_fill()) == 1      # one red outline
    assert 'e6' not in ax.xaxis.get_offset_text().get_text()        # populations written out, not 1e6
    _checked(ax)


def test_a_hindi_picture_names_the_bodies_it_is_given_names_for(mayors):
    "`shown`: the names the picture prints (a Hindi page's Devanagari); a body without one keeps its own, in the same order."
    from reservation_law.course import name_hi
    arr = mayors.arrangements['SC (s.7(5)(1)(d)(i))'][0]        # all the corporations
    ax = P.plot_arrangement(arr, dict(zip(mayors.table.body, mayors.table.category)), cut=2,
                            shown={b: name_hi(b) for b in arr.order if b != 'Agra'})
    ticks = [t.get_text().split('. ', 1)[1] for t in ax.get_yticklabels()]
    assert ticks == [b if b == 'Agra' else name_hi(b) for b in arr.order] and 'लखनऊ' in ticks and 'Agra' in ticks, ticks
    _checked(ax)


def test_chains_mark_the_conflicts_the_warnings_name():
    t1 = pd.DataFrame({'body': list('ABC'), 'category': ['SC-W', 'W', 'UR']})
    t2 = pd.DataFrame({'body': list('ABC'), 'category': ['UR', 'SC', 'W']})
    fig = P.plot_chains([('one', [t1, t2], [('B', 1)]), ('two', [t1, t1], [])], ['1', '2'])
    outlined = [(p.get_x(), p.get_y()) for p in fig.axes[0].patches if not p.get_fill()]
    assert outlined == [(1, 1)] and not [p for p in fig.axes[1].patches if not p.get_fill()]
    assert len(fig.legends) == 1 and 'conflict (see the warnings)' in [t.get_text() for t in fig.legends[0].get_texts()]
    _checked(fig)
    ax = P.plot_chain([t1, t2], ['published', 'computed'], marks=[('A', 1)], mark_label='departs from the published list')
    assert 'departs from the published list' in [t.get_text() for t in ax.get_legend().get_texts()]
    _checked(ax)


def _png(fig) -> bytes:
    out = P._png(fig)[0]
    plt.close(fig)
    return out


def test_tiles_draw_what_a_patch_a_tile_draws():
    """`_tiles` (one collection for a grid's tiles) gives the same bytes as a `Rectangle` patch a tile, whatever the
    colours, sizes and outline; a tile left out, or another colour, changes them."""
    TILES = [((j, i), P.COLOURS[c]) for (j, i), c in zip([(j, i) for j in range(4) for i in range(3)], list(UP_CODES) * 2)]
    def draw(tiles=True, skip=None, recolour=None):
        these = [(xy, recolour if k == 0 and recolour else f) for k, (xy, f) in enumerate(TILES) if k != skip]
        fig, ax = plt.subplots(figsize=(3, 2))
        if tiles: P._tiles(ax, [xy for xy, _ in these], 0.95, 0.9, [f for _, f in these], '#888888', 0.5)
        else:
            for xy, f in these: ax.add_patch(plt.Rectangle(xy, 0.95, 0.9, facecolor=f, edgecolor='#888888', lw=0.5))
        ax.set_xlim(0, 4); ax.set_ylim(3, 0)
        return _png(fig)
    assert draw(tiles=True) == draw(tiles=False)
    assert draw(tiles=True, skip=5) == draw(tiles=False, skip=5)
    assert draw(tiles=True, skip=5) != draw(tiles=False)
    assert draw(tiles=True, recolour='#000000') != draw(tiles=False)
    fig, ax = plt.subplots()
    assert P._tiles(ax, [], 1, 1, [], '#888888', 0.5) is None and P._tile_boxes(ax) == []
    plt.close(fig)


def test_division_pictures(parishads):
    res, bodies = parishads
    fig = P.plot_divisions(res, bodies, title='22 Palika Parishads')
    assert sum(len(P._tile_boxes(a)) for a in fig.axes) == 22
    _checked(fig)
    fig = P.plot_division_counts([('22', res.divisions)], UP_CODES)
    assert round(sum(p.get_width() for p in fig.axes[0].patches)) == 22
    _checked(fig)
    fig = P.plot_divisions(res.table[['body', 'category']], bodies.assign(division='one'), ncols=1)   # a published list
    _checked(fig)


def test_seats_grid_shares_tally_departures_across():
    ax = P.plot_seat_grid({'SC': 14, 'SC-W': 7, 'BC': 18, 'BC-W': 9, 'W': 18, 'UR': 34}, UP_CODES)
    assert len(P._tile_boxes(ax)) == 100
    _checked(ax)
    t = pd.DataFrame({'body': ['P', 'Q'], 'SC': [3, 4], 'SC-W': [1, 2], 'UR': [6, 10]})
    _checked(P.plot_seats(t, ['SC', 'SC-W', 'UR']))
    sh = pd.DataFrame({'body': ['P', 'Q'] * 2, 'group': ['SC', 'SC', 'BC', 'BC'], 'population %': [21.3, 12.0, 18.0, 40.0],
                       'seats %': [21.0, 12.0, 18.0, 26.7]})
    fig = P.plot_shares(sh, caps={'BC': 27})
    assert [l.get_xdata()[0] for l in fig.axes[1].get_lines() if l.get_linestyle() == '--'] == [27]
    _checked(fig)
    _checked(P.plot_share_scatter(sh))
    chain = pd.DataFrame({'body': list('AB'), '1': ['SC', 'UR'], '2': ['UR', 'SC'], '3': ['SC', 'W']})
    fig = P.plot_tally([('three', chain)], ['SC', 'W', 'UR'])
    assert sorted(p.get_width() for p in fig.axes[0].patches if p.get_width()) == [1, 1, 1, 1, 2]
    _checked(fig)
    rd = pd.DataFrame({'reading': ['default', 'women-total=groups-only, percentage=state-share, tiebreak=name'], 'departures': [10, 8]})
    ax = P.plot_departures(rd)
    assert [to_hex(p.get_facecolor()) for p in ax.patches] == ['#9e9e9e', '#1f4e99']   # the fewest in blue
    _checked(ax)
    acr = pd.DataFrame({'population': [20_000, 40_000], **{c: [2, 3] for c in KARNATAKA_CODES}})
    _checked(P.plot_across(acr, [(1, 20_000, 40_000, 20), (2, 40_000, 50_000, 30)], KARNATAKA_CODES, outside=[(12_000, 20_000)]))


# ---------------------------------------------------------------- a figure's caption and alt text: computed, never typed (#21)
def test_show_figure_gives_the_picture_its_anchor_alt_text_and_caption():
    import base64, re
    fig, ax = plt.subplots(figsize=(2, 1), dpi=150)
    ax.bar([0, 1], [1, 2])
    f = P.show_figure(ax, 'Two bars & a "caption"', 'A bar chart of 2 bars, <the second> taller.', 'fig-two-bars', lang='hi')
    h = f._repr_html_()
    assert h.startswith('<figure class="rl-figure" id="fig-two-bars" lang="hi"><img src="data:image/png;base64,')
    assert 'alt="A bar chart of 2 bars, &lt;the second&gt; taller."' in h
    assert '<figcaption>Two bars &amp; a &quot;caption&quot;</figcaption></figure>' in h
    png = base64.b64decode(re.search(r'base64,([^"]+)"', h).group(1))
    assert png.startswith(b'\x89PNG') and f'width="{f.width}" height="{f.height}"' in h
    assert int.from_bytes(png[16:20], 'big') == f.width and f.width > 150     # the figure's own resolution (150 dpi)
    assert not plt.fignum_exists(fig.number)                                  # shown once, by the figure, not again
    for bad in (('cap', 'alt', 'two-bars'), ('', 'alt', 'fig-x'), ('cap', ' ', 'fig-x')):
        fig2, ax2 = plt.subplots()
        with pytest.raises(ValueError): P.show_figure(ax2, *bad)
        plt.close(fig2)


def typed_counts(source: str) -> list:
    """The numbers typed by hand in the captions and alt texts of a notebook cell: in `#| fig-cap:`/`#| fig-alt:`
    options (a caption is given to `show_figure`, not typed in an option), and in the literal parts of the caption
    and alt arguments of `show_figure(fig, caption, alt, …)` and `AnswerKey.figure(fig, summary, caption, alt, …)`.
    Years (`Census 2011`), the day of a date (`30 March 2023`) and clause numbers (`s.7(5)(1)`, `9-A`) are names,
    not counts; a number computed in an f-string's `{…}` is not typed."""
    import ast, re
    found = [l for l in source.splitlines() if re.match(r'#\|\s*fig-(cap|alt)\s*:', l)]
    code = '\n'.join(l for l in source.splitlines() if not l.startswith(('#|', '%', '!')))
    try: tree = ast.parse(code)
    except SyntaxError: return found
    months = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec'
    names = [r'\b(19|20)\d\d\b', rf'\b\d{{1,2}} ({months})\b', r'\bs\.\d+(\(\d+\))*', r'\(\d+\)', r'\b\d+-A\b']
    def literal_parts(node):
        if isinstance(node, ast.FormattedValue): return                     # computed (its format spec is no prose)
        if isinstance(node, ast.Constant) and isinstance(node.value, str): yield node.value
        for child in ast.iter_child_nodes(node): yield from literal_parts(child)
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, 'id', '')
        where = {'show_figure': (1, 2), 'figure': (2, 3)}.get(name)
        if not where or (name == 'figure' and not (isinstance(call.func, ast.Attribute) and getattr(call.func.value, 'id', '') == 'key')):
            continue
        args = [call.args[i] for i in where if i < len(call.args)] + [k.value for k in call.keywords if k.arg in ('caption', 'alt')]
        for a in args:
            for text in literal_parts(a):
                for pat in names: text = re.sub(pat, '', text)
                found += [f'{name}: …{m.group()}… in {ast.get_source_segment(code, a)[:80]!r}' for m in re.finditer(r'\d+', text)]
    return found


def test_no_caption_or_alt_text_types_a_count():
    "Every caption and alt text of every notebook is computed by the cell that draws the picture (#21, 'no count typed')."
    import json
    from pathlib import Path
    nbs = Path(__file__).resolve().parents[1] / 'nbs'
    typed = {}
    for p in sorted(nbs.glob('*.ipynb')):
        for c in json.loads(p.read_text(encoding='utf-8'))['cells']:
            if c['cell_type'] == 'code' and (t := typed_counts(''.join(c['source']))): typed.setdefault(p.name, []).extend(t)
    assert typed == {}, typed
    shown = sum(''.join(c['source']).count('show_figure(') for p in nbs.glob('[1-3]*.ipynb')
                for c in json.loads(p.read_text(encoding='utf-8'))['cells'])
    assert shown >= 3 * 8, shown                                  # the procedure pages show their pictures this way


def test_the_typed_count_check_can_fail():
    assert typed_counts("#| fig-cap: The 17 corporations\nplot(x)")
    assert typed_counts("show_figure(ax, 'The 17 corporations', f'{n} bars', 'fig-x')")
    assert typed_counts("show_figure(ax, f'The {n} corporations', 'Bar chart, cut-off after the ' + '2' + ' SC', 'fig-x')")
    assert typed_counts("key.figure(fig, 'Answer', f'{n} bodies', f'three panels of 8 tiles', 'fig-x', where='Step 5')")
    assert typed_counts("show_figure(ax, caption=f'after place 2 of {n}', alt=f'{n}', anchor='fig-x')")
    assert not typed_counts("show_figure(ax, f'The {n} corporations (Census 2011), s.7(5)(1)(d)(i), 9-A', "
                            "f'{x:.1f} per cent, list of 30 March 2023', 'fig-x')")
    assert not typed_counts("key.figure(fig, 'Answer', f'{n} bodies', f'{k} tiles', 'fig-x', where='Step 5')")
