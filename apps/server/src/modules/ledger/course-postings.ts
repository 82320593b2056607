import { accountCodes, vatInGross } from '@app/shared';
import {
  credit,
  debit,
  dimsOf,
  type EntryDraft,
  entry,
  moved,
  type Posting,
  type PrepaidMethod,
  prepaidSoldLines,
  salesAccountFor,
} from './postings.ts';

// What courses of sessions post to the ledger (decision 081), pure as the rest of the postings. A course is for one
// treatment at one length, so it is single-purpose: its VAT is due at sale, and 2320 carries the net of what is owed.

export type CourseForPosting = {
  courseId: string;
  sessions: number;
  pricePence: number;
  /** The VAT rate charged at sale (zero when the business was not registered). */
  vatRateBp: number;
  style: 'therapeutic' | 'sensual';
  serviceType: string;
};

/**
 * What `sessionsLeft` sessions of a course are owed, net of the VAT paid at sale: the gross share of the price
 * (rounded to the penny) less its VAT. Every movement is the difference of two of these, so the parts always add up to
 * the net of the whole price, whatever the rounding, and 2320 equals the sum of this over the courses still open.
 */
export function courseNetOf(course: Pick<CourseForPosting, 'sessions' | 'pricePence' | 'vatRateBp'>, left: number) {
  const gross = Math.round((course.pricePence * left) / course.sessions);
  return gross - vatInGross(gross, course.vatRateBp);
}

const between = (course: CourseForPosting, higher: number, lower: number) =>
  courseNetOf(course, higher) - courseNetOf(course, lower);

const saleOf = (course: CourseForPosting) => dimsOf({ style: course.style, serviceType: course.serviceType });

/** A course sold: the money comes in (by its method, or into Stripe clearing online); its net is owed, its VAT due. */
export function courseSoldEntry(input: Posting & { course: CourseForPosting; method: PrepaidMethod }): EntryDraft {
  const { course } = input;
  return entry(
    input,
    { type: 'course_sale', id: course.courseId },
    prepaidSoldLines({
      method: input.method,
      owed: accountCodes.coursesOutstanding,
      amountPence: course.pricePence,
      vatPence: course.pricePence - courseNetOf(course, course.sessions),
    }),
  );
}

/**
 * Sessions leave the liability for sales of the course's style (a session used by a booking, or the owner taking
 * sessions off): only the net moves, its VAT was counted at sale.
 */
function released(course: CourseForPosting, leftBefore: number, leftAfter: number) {
  const net = between(course, leftBefore, leftAfter);
  return [debit(accountCodes.coursesOutstanding, net), credit(salesAccountFor(course.style), net, saleOf(course))];
}

/** Sessions come back onto the course (a booking cancelled in time, or the owner adding back): the sale is undone. */
function restored(course: CourseForPosting, leftBefore: number, leftAfter: number) {
  const net = between(course, leftAfter, leftBefore);
  return [debit(salesAccountFor(course.style), net, saleOf(course)), credit(accountCodes.coursesOutstanding, net)];
}

/** A session of the course paying for a booking (`useId`), or given back to it; `leftBefore` the sessions left before. */
type SessionUsePosting = Posting & { useId: string; course: CourseForPosting; leftBefore: number };

/** One session pays for a booking: 1/N of the course becomes a sale of its style. */
export function courseSessionUsedEntry(input: SessionUsePosting): EntryDraft {
  return entry(
    input,
    { type: 'course_session_used', id: input.useId },
    released(input.course, input.leftBefore, input.leftBefore - 1),
  );
}

/** A booking paid with a session was cancelled in time: the session is owed to the client again. */
export function courseSessionReturnedEntry(input: SessionUsePosting): EntryDraft {
  return entry(
    input,
    { type: 'course_session_returned', id: input.useId },
    restored(input.course, input.leftBefore, input.leftBefore + 1),
  );
}

/** The owner changes the sessions left (with a reason): taken off as a sale, added back as an undone sale. */
export function courseAdjustedEntry(
  input: Posting & { adjustmentId: string; course: CourseForPosting; leftBefore: number; leftAfter: number },
): EntryDraft {
  const { course, leftBefore, leftAfter } = input;
  return entry(
    input,
    { type: 'course_adjusted', id: input.adjustmentId },
    leftAfter < leftBefore ? released(course, leftBefore, leftAfter) : restored(course, leftBefore, leftAfter),
  );
}

/** A course expired with sessions left: nothing is owed any more, and what was becomes other income (no VAT again). */
export function courseExpiredEntry(input: Posting & { course: CourseForPosting; sessionsLeft: number }): EntryDraft {
  return entry(
    input,
    { type: 'course_expired', id: input.course.courseId },
    moved(accountCodes.coursesOutstanding, accountCodes.otherIncome, courseNetOf(input.course, input.sessionsLeft)),
  );
}
