// Runs before the first paint (an external file: the CSP forbids inline scripts).
// 0. The colour scheme before the first paint: the visitor's choice if any, else the device's (Mantine's colour-scheme
//    manager keeps the same key and applies the same choice once the app starts).
(() => {
  let chosen = null;
  try {
    chosen = localStorage.getItem('mantine-color-scheme-value');
  } catch {}
  const dark =
    chosen === 'dark' || (chosen !== 'light' && globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();

// 1. Lets index.html's static first-paint shell show only on the page it belongs to.
document.documentElement.setAttribute('data-path', location.pathname);

// 2. In a production build the app's script is named here (data-entry) instead of in a <script type="module">, and
//    is requested only once the browser has painted that shell: the first paint then waits for the HTML, this file
//    and the CSS alone, never for the JavaScript (decision 013). In development the module script starts the app.
((script) => {
  const entry = script?.getAttribute('data-entry');
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  };
  // A hidden tab paints nothing (and runs no animation frame): start at once there.
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    start();
    return;
  }
  document.addEventListener('visibilitychange', start, { once: true });
  // Where index.html has words to show (the paths its style element names), wait until they are on screen;
  // elsewhere the first frame (the header bar) is all there is to wait for.
  const hasWords = location.pathname === '/' || location.pathname === '/book';
  const paintTypes = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  if (hasWords && paintTypes.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    // Should the paint never be reported, the app still starts.
    setTimeout(start, 3000);
    return;
  }
  // The frame callback runs just before the paint; the task it queues runs just after it.
  requestAnimationFrame(() => setTimeout(start, 0));
})(document.currentScript);
