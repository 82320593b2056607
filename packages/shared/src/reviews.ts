import { z } from 'zod';

// Reviews from clients after a completed therapeutic visit (decision 074). The form and the route parse
// the same inputs.

export const REVIEW_BODY_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
/** Fewer approved reviews than this and search engines get no star rating: a 5.0 from two friends says little. */
export const AGGREGATE_RATING_MIN_REVIEWS = 5;

export const reviewStatuses = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const leaveReviewInput = z.object({
  rating: z
    .number({ message: 'Choose from one to five stars.' })
    .int('Choose from one to five stars.')
    .min(1, 'Choose from one to five stars.')
    .max(5, 'Choose from one to five stars.'),
  body: z.string().trim().max(REVIEW_BODY_MAX, `At most ${REVIEW_BODY_MAX} characters.`).default(''),
});
export type LeaveReviewInput = z.infer<typeof leaveReviewInput>;

/** The owner approves (shown on the site), hides (never shown) or answers a review. */
export const decideReviewInput = z
  .object({
    status: z.enum(['approved', 'hidden']).optional(),
    reply: z.string().trim().max(REVIEW_REPLY_MAX, `At most ${REVIEW_REPLY_MAX} characters.`).optional(),
  })
  .refine((input) => input.status !== undefined || input.reply !== undefined, {
    message: 'Show or hide the review, or write a reply.',
  });
export type DecideReviewInput = z.infer<typeof decideReviewInput>;

export const reviewSettingsInput = z.object({
  googleReviewUrl: z
    .string()
    .trim()
    .max(500, 'At most 500 characters.')
    .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), 'Paste the https:// link Google gives you.')
    .default(''),
});
export type ReviewSettings = z.infer<typeof reviewSettingsInput>;

export const listReviewsQuery = z.object({
  status: z.enum(reviewStatuses).optional(),
});

/** What the site shows: the first name and the month of the visit, never more of the client. */
export type PublicReview = {
  id: string;
  rating: number;
  body: string;
  firstName: string;
  /** The visit's month, `YYYY-MM` in the business's time zone. */
  month: string;
  serviceType: string;
  reply: string;
};

export type PublicReviews = {
  reviews: PublicReview[];
  /** Over every approved review; null below AGGREGATE_RATING_MIN_REVIEWS. */
  summary: { average: number; count: number } | null;
};

/** What the client sees on the review page of one visit. */
export type ReviewVisit = {
  bookingId: string;
  serviceName: string;
  startsAt: string;
  review: { rating: number; body: string; status: ReviewStatus; reply: string } | null;
};

export type AdminReview = PublicReview & {
  bookingId: string;
  clientName: string;
  status: ReviewStatus;
  createdAt: string;
};
