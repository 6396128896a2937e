// A link to a step of a folded derivation (or to anything inside a closed <details>) opens the details first.
(function () {
  function openTarget() {
    if (!location.hash) return;
    var el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!el) return;
    for (var p = el.parentElement; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true;
    el.scrollIntoView();
  }
  window.addEventListener('hashchange', openTarget);
  document.addEventListener('DOMContentLoaded', openTarget);
})();

// Printing: a long table may split between its rows (its header repeated), a short one never; a row taller than a
// third of a page may split too (print styles in custom.css).
document.addEventListener('DOMContentLoaded', function () {
  document.querySelectorAll('main table').forEach(function (t) {
    if (t.rows.length > 16 || t.offsetHeight > 520) t.classList.add('long-table');
    for (var i = 0; i < t.rows.length; i++) if (t.rows[i].offsetHeight > 300) t.rows[i].classList.add('tall-row');
  });
});
// A tall figure (two chains one under the other, three steps of an allotment) may fill a printed page; others are
// held to about half a page (custom.css).
window.addEventListener('load', function () {
  document.querySelectorAll('main figure img').forEach(function (im) {
    if (im.naturalHeight > 1.3 * im.naturalWidth) im.closest('figure').classList.add('tall');
  });
});

// A closed code fold lays out nothing on screen (custom.css), so the theme's load handler, which gives each code block
// and output that scrolls a tab stop (tabIndex 0, else -1: pydata-sphinx-theme's addTabStopsToScrollableElements), saw
// the blocks of a closed fold with no size. When a fold is opened, its blocks get their tab stops here, by the theme's
// rule and selectors: every size read first (one layout), then every tab stop set.
(function () {
  var SCROLLABLE = ['pre', '.nboutput > .output_area', '.cell_output > .output', '.jp-RenderedHTMLCommon',
                    '.pst-scrollable-table-container'].join(', ');
  document.addEventListener('toggle', function (e) {         // (toggle does not bubble: heard while it is captured)
    var fold = e.target;
    if (!(fold instanceof HTMLDetailsElement) || !fold.open || !fold.classList.contains('hide')) return;
    var blocks = fold.querySelectorAll(SCROLLABLE);
    var stops = Array.prototype.map.call(blocks, function (b) {
      return b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight ? 0 : -1;
    });
    blocks.forEach(function (b, i) { b.tabIndex = stops[i]; });
  }, true);
})();
