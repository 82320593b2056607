/** What an audited change did: the fields whose value differs between before and after. */
export function changedFields(before: unknown, after: unknown): { field: string; from: string; to: string }[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const show = (value: unknown) =>
    value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => field !== 'updatedAt' && JSON.stringify(a[field]) !== JSON.stringify(b[field]))
    .map((field) => ({ field, from: show(a[field]), to: show(b[field]) }));
}
