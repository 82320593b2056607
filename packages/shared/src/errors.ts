/** Error codes the API answers with, as `{ error: { code, message } }`. */
export const errorStatus = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** An admin who has not yet enrolled a second factor, on any owner-only API. */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  CONFLICT: 409,
  /** A body that is not JSON on a JSON route (what a plain HTML form from another site can send). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SLOT_UNAVAILABLE: 409,
  CLIENT_BLOCKED: 403,
  TOO_LATE_TO_CHANGE: 409,
  /** Stripe could not be reached to start a payment: nothing was kept, the client may try again. */
  PAYMENT_UNAVAILABLE: 503,
  /** A gift voucher past its date, or with nothing (or not enough) left on it. */
  VOUCHER_EXPIRED: 409,
  VOUCHER_SPENT: 409,
  /** A webhook whose signature is missing or not Stripe's: nothing is done. */
  BAD_SIGNATURE: 400,
  /** The first-run setup link is missing, wrong, expired or already used. */
  SETUP_LINK_INVALID: 403,
  /** HMRC's VAT API could not be reached, or answered with a fault of its own: nothing was filed. */
  HMRC_UNAVAILABLE: 503,
  INTERNAL: 500,
  // File storage: the codes of spec section 8.
  'storage/unknown': 500,
  'storage/object-not-found': 404,
  'storage/bucket-not-found': 404,
  'storage/quota-exceeded': 413,
  'storage/unauthenticated': 401,
  'storage/unauthorized': 403,
  'storage/unauthorized-app': 403,
  'storage/retry-limit-exceeded': 503,
  'storage/canceled': 499,
  'storage/invalid-url': 400,
  'storage/invalid-argument': 400,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export type ApiErrorBody = { error: { code: string; message: string; details?: unknown } };
