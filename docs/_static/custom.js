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
