/**
 * A server-rendered reader page is on screen before its app runs (docs/adr/0008). A button pressed in that gap would
 * do nothing, so this script, inline at the top of every such page, holds the press: the button waits visibly
 * (aria-busy), and once the app has hydrated (it sends HYDRATED_EVENT on the document) each held button is pressed
 * again, once, in the order the reader pressed them. Links are left to the browser: they work without the app.
 *
 * If the app never comes (a chunk missing, the network gone), the script lets go after LET_GO_MS or as soon as the
 * app's module script fails to load: the buttons stop waiting and later presses are no longer held.
 *
 * It is plain ES5 in a string because the page runs it before any bundle; the server allows exactly this text in its
 * Content-Security-Policy by its hash (api/src/http/security-headers.ts), so it must stay free of per-page values.
 */
export const HYDRATED_EVENT = 'redaktion:hydrated';

/** Longer than a throttled phone takes to hydrate on a slow network, short enough that a reader still waits. */
const LET_GO_MS = 15_000;

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
  function release() {
    document.removeEventListener('click', hold, true);
    window.removeEventListener('error', failed, true);
    clearTimeout(bound);
    var taps = held;
    held = [];
    taps.forEach(function (tap) {
      if (tap.busy === null) tap.control.removeAttribute('aria-busy');
      else tap.control.setAttribute('aria-busy', tap.busy);
    });
    return taps;
  }
  // Without the app the held presses are dropped, not replayed: nothing on the page can act on them now, and an app
  // that arrives much later must not act on a press the reader has given up on (a second Play, a Save undone).
  function failed(event) {
    if (event.target instanceof HTMLScriptElement && event.target.type === 'module') release();
  }
  var bound = setTimeout(release, ${LET_GO_MS});
  document.addEventListener('click', hold, true);
  window.addEventListener('error', failed, true);
  document.addEventListener('${HYDRATED_EVENT}', function () {
    release().forEach(function (tap) { tap.control.click(); });
  }, { once: true });
})();`;
