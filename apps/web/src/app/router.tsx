import { bookingAliases, SECOND_FACTOR_PATH, sensualAccessAliases } from '@app/shared';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { BookPage } from '../features/bookings/routes/book-page.tsx';
import { setSensualFlag } from '../features/catalog/sensual-flag.ts';
import { HomePage } from '../features/home/routes/home-page.tsx';
import { MainLayout } from './layout/main-layout.tsx';
import { withFullStyles } from './styles/with-full-styles.ts';

/**
 * A screen in its own chunk, fetched only when the guard lets the visitor see it, so public pages never load the
 * back office. The two public pages, home and booking, are in the first chunk instead: they render with the first
 * paint's data, without a second round trip for their code and the full stylesheet.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(async () => ({ default: pick(await withFullStyles(load)) }));
}

const pages = {
  facebookLogin: lazyPage(
    () => import('../features/auth/routes/facebook-login-page.tsx'),
    (m) => m.FacebookLoginPage,
  ),
  account: lazyPage(
    () => import('../features/auth/routes/account-page.tsx'),
    (m) => m.AccountPage,
  ),
  secondFactor: lazyPage(
    () => import('../features/auth/routes/second-factor-page.tsx'),
    (m) => m.SecondFactorPage,
  ),
  bookings: lazyPage(
    () => import('../features/bookings/routes/bookings-page.tsx'),
    (m) => m.BookingsPage,
  ),
  manageBookings: lazyPage(
    () => import('../features/bookings/routes/manage-bookings-page.tsx'),
    (m) => m.ManageBookingsPage,
  ),
  expenses: lazyPage(
    () => import('../features/expenses/routes/expenses-page.tsx'),
    (m) => m.ExpensesPage,
  ),
  expense: lazyPage(
    () => import('../features/expenses/routes/expense-page.tsx'),
    (m) => m.ExpensePage,
  ),
  analytics: lazyPage(
    () => import('../features/analytics/routes/analytics-page.tsx'),
    (m) => m.AnalyticsPage,
  ),
  dashboard: lazyPage(
    () => import('../features/dashboard/routes/dashboard-page.tsx'),
    (m) => m.DashboardPage,
  ),
  invoices: lazyPage(
    () => import('../features/invoices/routes/invoices-page.tsx'),
    (m) => m.InvoicesPage,
  ),
  finances: lazyPage(
    () => import('../features/finances/routes/finances-page.tsx'),
    (m) => m.FinancesPage,
  ),
  emails: lazyPage(
    () => import('../features/emails/routes/emails-page.tsx'),
    (m) => m.EmailsPage,
  ),
  ledger: lazyPage(
    () => import('../features/ledger/routes/ledger-page.tsx'),
    (m) => m.LedgerPage,
  ),
  customers: lazyPage(
    () => import('../features/customers/routes/customers-page.tsx'),
    (m) => m.CustomersPage,
  ),
  customer: lazyPage(
    () => import('../features/customers/routes/customer-page.tsx'),
    (m) => m.CustomerPage,
  ),
  business: lazyPage(
    () => import('../features/business/routes/business-page.tsx'),
    (m) => m.BusinessPage,
  ),
  availability: lazyPage(
    () => import('../features/availability/routes/availability-page.tsx'),
    (m) => m.AvailabilityPage,
  ),
};

/** /book with style=sensual needs sensual access as much as the aliases do (spec section 4). */
function bookLoader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.get('style') === 'sensual') setSensualFlag();
  return null;
}

const aliasRoutes: RouteObject[] = Object.entries(bookingAliases).map(([alias, target]) => ({
  path: alias,
  loader: () => {
    if (sensualAccessAliases.includes(alias)) setSensualFlag();
    return redirect(`/book?style=${target.style}&type=${target.type}`);
  },
}));

/** Every row of the route table of spec section 2; the guard lives in MainLayout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: MainLayout,
    HydrateFallback: () => null,
    children: [
      { index: true, Component: HomePage },
      { path: 'terms-and-conditions', loader: () => redirect('/?termsandconditions=true') },
      { path: 'cookies-and-privacy-policy', loader: () => redirect('/?cookiesandprivacypolicy=true') },
      { path: 'book', loader: bookLoader, Component: BookPage },
      ...aliasRoutes,
      { path: 'facebook_login', Component: pages.facebookLogin },
      { path: 'bookings', Component: pages.bookings },
      { path: 'account', Component: pages.account },
      { path: SECOND_FACTOR_PATH.slice(1), Component: pages.secondFactor },
      { path: 'manage_bookings', Component: pages.manageBookings },
      { path: 'expenses', Component: pages.expenses },
      { path: 'expenses/:expenseId', Component: pages.expense },
      { path: 'analytics', Component: pages.analytics },
      { path: 'dashboard', Component: pages.dashboard },
      { path: 'invoices', Component: pages.invoices },
      { path: 'finances', Component: pages.finances },
      { path: 'emails', Component: pages.emails },
      { path: 'ledger', Component: pages.ledger },
      { path: 'customers', Component: pages.customers },
      { path: 'customers/:uid', Component: pages.customer },
      { path: 'availability', Component: pages.availability },
      { path: 'business', Component: pages.business },
      { path: '*', loader: () => redirect('/') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
