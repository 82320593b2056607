import type { MassageType, Style } from './catalog.ts';

/** Aliases of spec section 2 that land on /book with a style and type. */
export const bookingAliases: Record<string, { style: Style; type: MassageType }> = {
  swedish: { style: 'therapeutic', type: 'swedish' },
  deeptissue: { style: 'therapeutic', type: 'deeptissue' },
  combo: { style: 'therapeutic', type: 'both' },
  sensual: { style: 'sensual', type: 'sensual' },
  serenity: { style: 'sensual', type: 'sensual' },
  intimate: { style: 'sensual', type: 'sensual' },
  harmony: { style: 'sensual', type: 'naturist' },
  naturist: { style: 'sensual', type: 'naturist' },
  euphoria: { style: 'sensual', type: 'bodytobody' },
  erotic: { style: 'sensual', type: 'bodytobody' },
  bodytobody: { style: 'sensual', type: 'bodytobody' },
  tantra: { style: 'sensual', type: 'bodytobody' },
  gay: { style: 'sensual', type: 'sensual' },
};

/** Routes marked as requiring sensual access: opening one sets the showSensual flag. */
export const sensualAccessAliases = Object.entries(bookingAliases)
  .filter(([, target]) => target.style === 'sensual')
  .map(([alias]) => alias);

export const adminOnlyPaths = [
  '/manage_bookings',
  '/expenses',
  '/expenses/:expenseId',
  '/analytics',
  '/dashboard',
  '/invoices',
  '/finances',
  '/vat-returns',
  '/emails',
  '/ledger',
  '/vouchers',
  '/courses',
  '/customers',
  '/customers/:uid',
  '/business',
  '/website',
  '/questionnaire',
  '/reviews',
  '/manage_waitlist',
] as const;
export const signInPaths = ['/bookings', '/account', '/health-form'] as const;
/** Where a signed-in person sets up a second factor; an admin without one is sent here before the back office. */
export const SECOND_FACTOR_PATH = '/second-factor';
export const lodgerPaths = ['/availability'] as const;

/**
 * Where the first-run link printed by the server lands: `/setup?token=…` (first-run.ts). Here, not beside the zod
 * schemas of first-run.ts: the router needs it, and importing that file put zod into the public pages' first script.
 */
export const SETUP_PATH = '/setup';
