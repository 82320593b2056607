import { describe, expect, it } from 'vitest';
import type { BookingHistoryEntry } from './admin-api.ts';
import { emailNote, historySentence } from './owner-words.ts';

const entry = (action: string, actorRole: string, details: Record<string, unknown> = {}): BookingHistoryEntry => ({
  id: 'e1',
  action,
  actorId: null,
  actorRole,
  fromStatus: null,
  toStatus: null,
  details,
  at: '2026-11-24T10:00:00.000Z',
});

describe('the history of a booking as sentences', () => {
  it('says where a booking was moved, on the business clock, and by whom', () => {
    const moved = entry('rescheduled', 'admin', { from: '2026-11-24T10:30:00.000Z', to: '2026-11-27T14:00:00.000Z' });
    expect(historySentence(moved, 'Europe/London')).toBe('Moved from Tue 24 Nov 10:30 to Fri 27 Nov 14:00 by Owner');
  });

  it('says a summer time in London time, not UTC', () => {
    const moved = entry('rescheduled', 'user', { from: '2026-07-01T09:00:00.000Z', to: '2026-07-02T09:15:00.000Z' });
    expect(historySentence(moved, 'Europe/London')).toBe('Moved from Wed 1 Jul 10:00 to Thu 2 Jul 10:15 by the client');
  });

  it('gives the reason of a cancelling, what was paid back and when nobody was emailed', () => {
    expect(historySentence(entry('cancelled', 'user', { by: 'client', reason: 'Flu' }), 'Europe/London')).toBe(
      'Cancelled by the client: Flu',
    );
    expect(
      historySentence(
        entry('cancelled', 'admin', { by: 'business', reason: '', refundedPence: 2500, notified: false }),
        'Europe/London',
      ),
    ).toBe('Cancelled by Owner; £25 paid back (the client was not emailed)');
  });

  it('never shows a raw code', () => {
    for (const action of ['created', 'approved', 'declined', 'completed', 'no_show', 'reminder-queued', 'restored'])
      expect(historySentence(entry(action, 'admin'), 'Europe/London')).not.toMatch(/_|-queued|\./);
  });
});

describe('what the owner is told about the email', () => {
  it('says the client is emailed only when an email really goes out', () => {
    expect(emailNote(true, true)).toBe('The client is emailed.');
    expect(emailNote(false, true)).toBe('Recorded; the client was not emailed.');
    expect(emailNote(true, false)).toMatch(/^Recorded; the client was not emailed/);
  });
});
