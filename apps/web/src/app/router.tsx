import { bookingAliases, SECOND_FACTOR_PATH, SETUP_PATH, sensualAccessAliases } from '@app/shared';
import { lazy, useLayoutEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes, useSearchParams } from 'react-router';
import { BookPage } from '../features/bookings/routes/book-page.tsx';
import { setSensualFlag } from '../lib/catalog/sensual-flag.ts';
import type { PartName } from './deferred-parts.ts';
import { MainLayout } from './layout/main-layout.tsx';
import { lazyPart } from './lazy-part.ts';

type ScreenName = Exclude<PartName, 'backOfficeShell' | 'authQueryNotices' | 'updateDialog'>;

type HomeModule = typeof import('../features/home/routes/home-page.tsx');
const importHome = () => import('../features/home/routes/home-page.tsx');
let homeModule: HomeModule | undefined;
const LazyHome = lazy(() => importHome().then((m) => ({ default: m.HomePage })));

/**
 * Home's code is a chunk of its own, so that /book's first script does not carry it (issue 27). On `/`, main.tsx
 * fetches it during start-up, beside the configuration, and the first render draws it at once; arriving from another
 * page, it loads behind the page skeleton like any other screen.
 */
export async function preloadHome({ withParts = false }: { withParts?: boolean } = {}): Promise<void> {
  homeModule ??= await importHome();
  // Where React takes over the page the server drew, its on-demand parts too (preloadable.tsx).
  if (withParts) await homeModule.preloadHomeParts();
}

function HomeRoute() {
  return homeModule ? <homeModule.HomePage /> : <LazyHome />;
}

/**
 * A route whose screen loads when the guard lets the visitor see it (deferred-parts.ts). Home and booking are in the
 * first chunk instead: they render with the first paint's data, without a second round trip for their code and the
 * full stylesheet.
 */
function screen(path: string, name: ScreenName): RouteObject {
  const Screen = lazyPart(name);
  return { path, element: <Screen /> };
}

/** A route that only sends the visitor elsewhere; replacing the entry, so Back does not land on it again. */
function redirect(path: string, to: string): RouteObject {
  return { path, element: <Navigate to={to} replace /> };
}

/**
 * Arriving at a route that needs sensual access sets the discretion flag, once per arrival (as a loader would), in a
 * layout effect: the screen is never painted without it. Not on every render: "Hide private treatments" clears the
 * flag while the address still says sensual, and must not see it set again. The landing address is handled in
 * main.tsx, before the first render, so the first list of treatments is fetched with the flag.
 */
function useSensualAccess(needed: boolean) {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location's key is what makes a new arrival
  useLayoutEffect(() => {
    if (needed) setSensualFlag();
  }, [needed, key]);
}

function BookRoute() {
  const [searchParams] = useSearchParams();
  useSensualAccess(searchParams.get('style') === 'sensual');
  return <BookPage />;
}

function SensualAlias({ to }: { to: string }) {
  useSensualAccess(true);
  return <Navigate to={to} replace />;
}

const aliasRoutes = Object.entries(bookingAliases).map(([alias, target]): RouteObject => {
  const to = `/book?style=${target.style}&type=${target.type}`;
  return sensualAccessAliases.includes(alias)
    ? { path: alias, element: <SensualAlias to={to} /> }
    : redirect(alias, to);
});

/**
 * Every row of the route table of spec section 2; the guard lives in MainLayout. Plain routes, not react-router's
 * data router: nothing here loads data before rendering, and the data router's code would be about a fifth of the
 * public pages' JavaScript (decision 026).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <MainLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      redirect('terms-and-conditions', '/?termsandconditions=true'),
      redirect('cookies-and-privacy-policy', '/?cookiesandprivacypolicy=true'),
      { path: 'book', element: <BookRoute /> },
      ...aliasRoutes,
      screen('facebook_login', 'facebookLogin'),
      screen('bookings', 'bookings'),
      screen('account', 'account'),
      screen(SECOND_FACTOR_PATH.slice(1), 'secondFactor'),
      screen('manage_bookings', 'manageBookings'),
      screen('expenses', 'expenses'),
      screen('expenses/:expenseId', 'expense'),
      screen('analytics', 'analytics'),
      screen('dashboard', 'dashboard'),
      screen('invoices', 'invoices'),
      screen('finances', 'finances'),
      screen('vat-returns', 'vatReturns'),
      screen('emails', 'emails'),
      screen('ledger', 'ledger'),
      screen('vouchers', 'vouchers'),
      // Courses of sessions: the owner's page.
      screen('courses', 'courses'),
      screen('gift-vouchers', 'giftVouchers'),
      screen('customers', 'customers'),
      screen('customers/:uid', 'customer'),
      screen('availability', 'availability'),
      screen('business', 'business'),
      // Ours, not the spec's: the one-time link the server prints on an install without an admin (decision 041).
      screen(SETUP_PATH.slice(1), 'setup'),
      screen('website', 'website'),
      // The client's health questionnaire and consent.
      screen('health-form', 'healthForm'),
      screen('questionnaire', 'questionnaireSettings'),
      screen('reviews', 'reviews'),
      // Where the thank-you email lands; the page asks the visitor to sign in, keeping the link (decision 074).
      screen('review/:bookingId', 'review'),
      // The waitlist: the offer email's link, its leave link, and the owner's page.
      screen('waitlist/offers/:offerId', 'waitlistOffer'),
      screen('waitlist/:entryId', 'waitlistEntry'),
      screen('manage_waitlist', 'manageWaitlist'),
      redirect('*', '/'),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
