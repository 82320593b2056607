/**
 * The better-auth client keeps the `fetch` it finds when it is created, so tests swap the network under a
 * delegate installed first: import this file before any component (a bare import keeps its place).
 */
const realFetch = globalThis.fetch;
let current: typeof fetch = realFetch;

globalThis.fetch = (input, init) => current(input, init);

export function setNetwork(handler: typeof fetch) {
  current = handler;
}

export function restoreNetwork() {
  current = realFetch;
}
