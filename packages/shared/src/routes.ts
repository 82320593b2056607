import type { MassageType, Style } from './catalog.ts';

/** The aliases of spec section 2, by where they land: /book with this style and type. */
const aliasesByLanding: { style: Style; type: MassageType; aliases: string[] }[] = [
  { style: 'therapeutic', type: 'swedish', aliases: ['swedish'] },
  { style: 'therapeutic', type: 'deeptissue', aliases: ['deeptissue'] },
  { style: 'therapeutic', type: 'both', aliases: ['combo'] },
  { style: 'sensual', type: 'sensual', aliases: ['sensual', 'serenity', 'intimate', 'gay'] },
  { style: 'sensual', type: 'naturist', aliases: ['harmony', 'naturist'] },
  { style: 'sensual', type: 'bodytobody', aliases: ['euphoria', 'erotic', 'bodytobody', 'tantra'] },
];

/** Aliases of spec section 2 that land on /book with a style and type. */
export const bookingAliases: Record<string, { style: Style; type: MassageType }> = Object.fromEntries(
  aliasesByLanding.flatMap(({ aliases, ...landing }) => aliases.map((alias) => [alias, landing])),
);

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
