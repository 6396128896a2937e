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
