import { accountCodes, vatInGross } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base, rate } from '../../test/posting-arbitraries.ts';
import {
  type CourseForPosting,
  courseAdjustedEntry,
  courseExpiredEntry,
  courseNetOf,
  courseSessionReturnedEntry,
  courseSessionUsedEntry,
  courseSoldEntry,
} from './course-postings.ts';
import type { EntryDraft } from './postings.ts';

// Property tests of decision 081: whatever is sold, used, given back, adjusted or expired in whatever order, every
// entry balances, 2320 owes exactly the net of the sessions left, the VAT is counted once at sale and never moves.

const courseOf: fc.Arbitrary<CourseForPosting> = fc
  .record({
    sessions: fc.integer({ min: 2, max: 50 }),
    pricePence: fc.integer({ min: 100, max: 2_000_000 }),
    vatRateBp: rate,
    style: fc.constantFrom('therapeutic' as const, 'sensual' as const),
  })
  .map((course) => ({ ...course, courseId: 'c', serviceType: course.style === 'sensual' ? 'naturist' : 'swedish' }));

/** One step in a course's life: a booking uses a session, a cancellation in time gives one back, the owner adjusts. */
const step = fc.oneof(
  fc.constant({ kind: 'use' as const }),
  fc.constant({ kind: 'return' as const }),
  fc.record({ kind: fc.constant('adjust' as const), change: fc.integer({ min: -50, max: 50 }) }),
);

function difference(entry: EntryDraft): number {
  return entry.lines.reduce((sum, line) => sum + line.debitPence - line.creditPence, 0);
}

function netByAccount(entries: EntryDraft[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const entry of entries)
    for (const line of entry.lines)
      net.set(line.accountCode, (net.get(line.accountCode) ?? 0) + line.debitPence - line.creditPence);
  return net;
}

describe('postings of courses of sessions (issue 24 part 2)', () => {
  it('owe exactly the net of the sessions left after any uses, returns and adjustments, VAT counted once at sale', () => {
    fc.assert(
      fc.property(
        courseOf,
        fc.constantFrom('cash' as const, 'card' as const, 'bank_transfer' as const, 'online' as const),
        fc.array(step, { maxLength: 30 }),
        fc.boolean(),
        (course, method, steps, expires) => {
          const entries = [courseSoldEntry({ ...base, course, method })];
          let left = course.sessions;
          let used = 0;
          for (const event of steps) {
            if (event.kind === 'use' && left > 0) {
              entries.push(courseSessionUsedEntry({ ...base, useId: 'u', course, leftBefore: left }));
              left--;
              used++;
            } else if (event.kind === 'return' && used > 0) {
              entries.push(courseSessionReturnedEntry({ ...base, useId: 'u', course, leftBefore: left }));
              left++;
              used--;
            } else if (event.kind === 'adjust') {
              const after = Math.min(course.sessions, Math.max(0, left + event.change));
              if (after === left) continue;
              entries.push(
                courseAdjustedEntry({ ...base, adjustmentId: 'a', course, leftBefore: left, leftAfter: after }),
              );
              left = after;
            }
          }
          if (expires && left > 0) {
            entries.push(courseExpiredEntry({ ...base, course, sessionsLeft: left }));
            left = 0;
          }
          for (const entry of entries) {
            expect(difference(entry)).toBe(0);
            for (const line of entry.lines) expect(line.debitPence >= 0 && line.creditPence >= 0).toBe(true);
          }
          const net = netByAccount(entries);
          expect(0 - (net.get(accountCodes.coursesOutstanding) ?? 0)).toBe(courseNetOf(course, left));
          const money = method === 'online' ? accountCodes.stripeClearing : null;
          if (money) expect(net.get(money)).toBe(course.pricePence);
          // The VAT of a single-purpose course is all due at sale, whatever happens after (decision 051's reasoning).
          expect(0 - (net.get(accountCodes.vat) ?? 0)).toBe(vatInGross(course.pricePence, course.vatRateBp));
          // Whatever left the liability went to sales of the course's own style or to other income, nowhere else.
          const sales = course.style === 'sensual' ? accountCodes.salesSensual : accountCodes.salesTherapeutic;
          const income = 0 - (net.get(sales) ?? 0) - (net.get(accountCodes.otherIncome) ?? 0);
          expect(income).toBe(courseNetOf(course, course.sessions) - courseNetOf(course, left));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('release the whole net of the price once every session is used, each use about 1/N of it', () => {
    fc.assert(
      fc.property(courseOf, (course) => {
        const uses = [];
        for (let left = course.sessions; left > 0; left--)
          uses.push(courseSessionUsedEntry({ ...base, useId: 'u', course, leftBefore: left }));
        const net = netByAccount(uses);
        const sales = course.style === 'sensual' ? accountCodes.salesSensual : accountCodes.salesTherapeutic;
        expect(0 - (net.get(sales) ?? 0)).toBe(courseNetOf(course, course.sessions));
        const share = courseNetOf(course, course.sessions) / course.sessions;
        for (const use of uses) {
          const credited = use.lines.find((line) => line.accountCode === sales)?.creditPence ?? 0;
          expect(Math.abs(credited - share)).toBeLessThanOrEqual(2);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('release to other income, without VAT, what is left when a course expires', () => {
    fc.assert(
      fc.property(courseOf, fc.nat(), (course, pick) => {
        const left = (pick % course.sessions) + 1;
        const expired = courseExpiredEntry({ ...base, course, sessionsLeft: left });
        expect(expired.lines.map((line) => line.accountCode).sort()).toEqual(
          [accountCodes.coursesOutstanding, accountCodes.otherIncome].sort(),
        );
        expect(expired.lines.some((line) => line.accountCode === accountCodes.vat)).toBe(false);
        expect(expired.lines[0]?.debitPence).toBe(courseNetOf(course, left));
      }),
    );
  });
});
