/**
 * A server-rendered reader page is on screen before its app runs (docs/adr/0008). A button pressed in that gap would
 * do nothing, so this script, inline at the top of every such page, holds the press: the button waits visibly
 * (aria-busy), and once the app has hydrated (it sends HYDRATED_EVENT on the document) each held button is pressed
 * again, once, in the order the reader pressed them. Links are left to the browser: they work without the app.
 *
 * It is plain ES5 in a string because the page runs it before any bundle; the server allows exactly this text in its
 * Content-Security-Policy by its hash (api/src/http/security-headers.ts), so it must stay free of per-page values.
 */
export const HYDRATED_EVENT = 'redaktion:hydrated';

export const EARLY_TAPS_SCRIPT = `(function () {
  var held = [];
  function hold(event) {
    var control = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    if (!control || control.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.some(function (tap) { return tap.control === control; })) return;
    held.push({ control: control, busy: control.getAttribute('aria-busy') });
    control.setAttribute('aria-busy', 'true');
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('${HYDRATED_EVENT}', function () {
    document.removeEventListener('click', hold, true);
    held.forEach(function (tap) {
      if (tap.busy === null) tap.control.removeAttribute('aria-busy');
      else tap.control.setAttribute('aria-busy', tap.busy);
      tap.control.click();
    });
  }, { once: true });
})();`;
