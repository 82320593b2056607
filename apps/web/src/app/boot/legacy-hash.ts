/**
 * Old bookmarks carry the hash-router form `/#/book?style=x`. Rewriting before the router starts keeps them
 * working without a reload: `/#/book?style=x` becomes `/book?style=x`.
 */
export function plainPathOf(href: string): string | null {
  const url = new URL(href);
  const full = `${url.pathname}${url.search}${url.hash}`;
  const at = full.indexOf('/#/');
  if (at === -1) return null;
  return `${full.slice(0, at)}/${full.slice(at + 3)}`;
}

export function rewriteLegacyHashUrl(): void {
  const plain = plainPathOf(window.location.href);
  if (plain !== null) window.history.replaceState(window.history.state, '', plain);
}
