// Runs before the first paint: lets index.html's static first-paint shell show only on the page it belongs to.
document.documentElement.setAttribute('data-path', location.pathname);
