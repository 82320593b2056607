import { describe, expect, it } from 'vitest';
import { changedFields } from './admin-audit-diff.ts';

describe('changedFields', () => {
  it('lists only the fields an audited change altered, with their values before and after', () => {
    expect(
      changedFields(
        { status: 'confirmed', startsAt: '2026-12-02T10:00:00.000Z', version: 1, notes: 'x', updatedAt: 'a' },
        { status: 'confirmed', startsAt: '2026-12-02T15:00:00.000Z', version: 2, notes: 'x', updatedAt: 'b' },
      ),
    ).toEqual([
      { field: 'startsAt', from: '2026-12-02T10:00:00.000Z', to: '2026-12-02T15:00:00.000Z' },
      { field: 'version', from: '1', to: '2' },
    ]);
  });

  it('shows a created record as every field going from nothing to its value', () => {
    expect(changedFields(null, { status: 'pending' })).toEqual([{ field: 'status', from: '—', to: 'pending' }]);
  });
});
