// Only on home as the server rendered it (decision 100), right after route-hint.js: the page is complete without the
// app. The start-up runs as on every page, and the app itself (React and the screens) waits for the visitor's first
// sign of interaction, which this marks (main.tsx). A click that comes before the app has taken the page over is
// held, and made again once it has.
(() => {
  // Not pointer movement: browsers report one when the page under a still mouse changes.
  const signs = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
  const begin = () => {
    for (const sign of signs) removeEventListener(sign, begin, true);
    document.documentElement.setAttribute('data-interacted', '');
    document.dispatchEvent(new Event('interacted'));
  };
  for (const sign of signs) addEventListener(sign, begin, { capture: true, passive: true });

  // An old hash bookmark (/#/book…) is not home: the start-up draws its page afresh, so a click has nothing to wait for.
  if (location.hash.startsWith('#/')) return;
  let held = null;
  const hold = (event) => {
    const target = event.target instanceof Element && event.target.closest('a[href], button, summary, label');
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
    begin();
  };
  document.addEventListener('click', hold, true);
  // Raised by home once React has attached to its content (HOME_LIVE_EVENT in features/home/home-data.ts).
  document.addEventListener(
    'home-live',
    () => {
      document.removeEventListener('click', hold, true);
      if (held?.isConnected) held.click();
    },
    { once: true },
  );
})();
