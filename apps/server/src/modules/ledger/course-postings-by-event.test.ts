import { describe, expect, it } from 'vitest';
import { cr, dr, of, posting } from '../../test/entries-by-hand.ts';
import {
  type CourseForPosting,
  courseAdjustedEntry,
  courseExpiredEntry,
  courseSessionReturnedEntry,
  courseSessionUsedEntry,
  courseSoldEntry,
} from './course-postings.ts';

// Each course event's whole entry (both sides, every line's account, tags and VAT kind, its source) written out by
// hand from the chart of accounts and decision 081. The amounts are worked out here: 5 sessions for £280.00 at 20 %
// VAT. The whole course owes 280.00 / 1.2 = £233.33 net (VAT £46.67 at sale); 4 sessions left owe £224.00 / 1.2 =
// £186.67; 3 owe £140.00; 2 owe £112.00 / 1.2 = £93.33. A session is the difference of what is owed before and after.

const deepTissue: CourseForPosting = {
  courseId: 'course-1',
  sessions: 5,
  pricePence: 28_000,
  vatRateBp: 2000,
  style: 'therapeutic',
  serviceType: 'deeptissue',
};
const sale = { style: 'therapeutic' as const, serviceType: 'deeptissue' };

describe('what a course of sessions posts', () => {
  it('a course sold at the till: the money in by its method, the net owed on 2320, the VAT due at sale', () => {
    for (const [method, money] of [
      ['cash', '1000'],
      ['card', '1020'],
      ['bank_transfer', '1010'],
    ] as const)
      expect(courseSoldEntry({ ...posting, course: deepTissue, method })).toEqual(
        of('course_sale', 'course-1', [
          dr(money, 28_000),
          cr('2320', 23_333),
          cr('2200', 4_667, { vatKind: 'output' }),
        ]),
      );
  });

  it('a course bought online: the money waits in Stripe clearing until the payout', () => {
    expect(courseSoldEntry({ ...posting, course: deepTissue, method: 'online' }).lines[0]).toEqual(dr('1030', 28_000));
  });

  it('a session used: 1/5 of the net becomes a sale of the course’s style, tagged with its treatment', () => {
    expect(courseSessionUsedEntry({ ...posting, useId: 'use-1', course: deepTissue, leftBefore: 5 })).toEqual(
      of('course_session_used', 'use-1', [dr('2320', 4_666), cr('4000', 4_666, sale)]),
    );
  });

  it('a session given back: the sale is undone and the session owed again', () => {
    expect(courseSessionReturnedEntry({ ...posting, useId: 'use-1', course: deepTissue, leftBefore: 4 })).toEqual(
      of('course_session_returned', 'use-1', [dr('4000', 4_666, sale), cr('2320', 4_666)]),
    );
  });

  it('the owner takes sessions off as sales and adds them back as undone sales; no change posts nothing', () => {
    const adjusted = (leftBefore: number, leftAfter: number) =>
      courseAdjustedEntry({ ...posting, adjustmentId: 'adj-1', course: deepTissue, leftBefore, leftAfter });
    expect(adjusted(4, 2)).toEqual(of('course_adjusted', 'adj-1', [dr('2320', 9_334), cr('4000', 9_334, sale)]));
    expect(adjusted(2, 3)).toEqual(of('course_adjusted', 'adj-1', [dr('4000', 4_667, sale), cr('2320', 4_667)]));
    expect(adjusted(3, 3).lines).toEqual([]);
  });

  it('a course expired with sessions left: what was owed becomes other income, with no VAT again', () => {
    expect(courseExpiredEntry({ ...posting, course: deepTissue, sessionsLeft: 2 })).toEqual(
      of('course_expired', 'course-1', [dr('2320', 9_333), cr('4090', 9_333)]),
    );
  });

  it('a sensual course’s sessions are sales of the sensual style', () => {
    const sensual = { ...deepTissue, style: 'sensual' as const, serviceType: 'naturist' };
    expect(courseSessionUsedEntry({ ...posting, useId: 'use-2', course: sensual, leftBefore: 5 }).lines).toEqual([
      dr('2320', 4_666),
      cr('4010', 4_666, { style: 'sensual', serviceType: 'naturist' }),
    ]);
  });
});
