import { describe, expect, it } from 'vitest';
import { auditActionLabel, changedFields } from './admin-audit-diff.ts';

describe('changedFields', () => {
  it('lists in words only the fields an audited change altered, times in the business time zone', () => {
    expect(
      changedFields(
        { status: 'confirmed', startsAt: '2026-12-02T10:00:00.000Z', version: 1, privateNotes: 'x', updatedAt: 'a' },
        { status: 'confirmed', startsAt: '2026-12-02T15:00:00.000Z', version: 2, privateNotes: 'x', updatedAt: 'b' },
        'Europe/London',
      ),
    ).toEqual([{ field: 'Starts', from: 'Wed 2 Dec, 10:00', to: 'Wed 2 Dec, 15:00' }]);
  });

  it('shows a created record as every field going from nothing to its value, statuses and amounts readable', () => {
    expect(changedFields(null, { status: 'no_show', endsAt: '2026-07-01T09:30:00.000Z' }, 'Europe/London')).toEqual([
      { field: 'Status', from: '—', to: 'Missed' },
      { field: 'Ends', from: '—', to: 'Wed 1 Jul, 10:30' },
    ]);
    expect(changedFields(null, { amountPence: 8000, method: 'card' }, 'Europe/London')).toEqual([
      { field: 'Amount', from: '—', to: '£80' },
      { field: 'Method', from: '—', to: 'card' },
    ]);
  });
});

describe('auditActionLabel', () => {
  it('says what was done, never the log code', () => {
    expect(auditActionLabel('booking.created')).toBe('Booked');
    expect(auditActionLabel('booking.no_show')).toBe('Marked as missed');
    expect(auditActionLabel('booking.something_new')).toBe('Something new');
  });
});
