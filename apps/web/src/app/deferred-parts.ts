import { withFullStyles } from '../lib/styles/with-full-styles.ts';

/**
 * Every part of the app loaded on demand that public pages do not need: the screens other than home and booking
 * (fetched when the guard lets the visitor see one, so public pages never load the back office), the back office's
 * shell, the notices of an email link and the update dialog. Each is a chunk of its own, and so is this table: the
 * build writes the list of files each chunk needs beside every dynamic import, and here those lists stay out of the
 * public pages' first script (decision 026). `lazyPart` (lazy-part.ts) is how the app asks for one.
 */
const parts = {
  facebookLogin: () => import('../features/auth/routes/facebook-login-page.tsx').then((m) => m.FacebookLoginPage),
  account: () => import('../features/auth/routes/account-page.tsx').then((m) => m.AccountPage),
  secondFactor: () => import('../features/auth/routes/second-factor-page.tsx').then((m) => m.SecondFactorPage),
  bookings: () => import('../features/bookings/routes/bookings-page.tsx').then((m) => m.BookingsPage),
  manageBookings: () =>
    import('../features/bookings/routes/manage-bookings-page.tsx').then((m) => m.ManageBookingsPage),
  expenses: () => import('../features/expenses/routes/expenses-page.tsx').then((m) => m.ExpensesPage),
  expense: () => import('../features/expenses/routes/expense-page.tsx').then((m) => m.ExpensePage),
  analytics: () => import('../features/analytics/routes/analytics-page.tsx').then((m) => m.AnalyticsPage),
  dashboard: () => import('../features/dashboard/routes/dashboard-page.tsx').then((m) => m.DashboardPage),
  invoices: () => import('../features/invoices/routes/invoices-page.tsx').then((m) => m.InvoicesPage),
  finances: () => import('../features/finances/routes/finances-page.tsx').then((m) => m.FinancesPage),
  vatReturns: () => import('../features/vat/routes/vat-returns-page.tsx').then((m) => m.VatReturnsPage),
  emails: () => import('../features/emails/routes/emails-page.tsx').then((m) => m.EmailsPage),
  ledger: () => import('../features/ledger/routes/ledger-page.tsx').then((m) => m.LedgerPage),
  giftVouchers: () => import('../features/vouchers/routes/gift-vouchers-page.tsx').then((m) => m.GiftVouchersPage),
  vouchers: () => import('../features/vouchers/routes/vouchers-page.tsx').then((m) => m.VouchersPage),
  courses: () => import('../features/courses/routes/courses-page.tsx').then((m) => m.CoursesPage),
  customers: () => import('../features/customers/routes/customers-page.tsx').then((m) => m.CustomersPage),
  customer: () => import('../features/customers/routes/customer-page.tsx').then((m) => m.CustomerPage),
  business: () => import('../features/business/routes/business-page.tsx').then((m) => m.BusinessPage),
  setup: () => import('../features/first-run/routes/setup-page.tsx').then((m) => m.SetupPage),
  website: () => import('../features/website/routes/website-page.tsx').then((m) => m.WebsitePage),
  healthForm: () => import('../features/records/routes/health-form-page.tsx').then((m) => m.HealthFormPage),
  questionnaireSettings: () =>
    import('../features/records/routes/questionnaire-settings-page.tsx').then((m) => m.QuestionnaireSettingsPage),
  reviews: () => import('../features/reviews/routes/reviews-page.tsx').then((m) => m.ReviewsPage),
  review: () => import('../features/reviews/routes/review-page.tsx').then((m) => m.ReviewPage),
  waitlistOffer: () => import('../features/waitlist/routes/waitlist-offer-page.tsx').then((m) => m.WaitlistOfferPage),
  waitlistEntry: () => import('../features/waitlist/routes/waitlist-entry-page.tsx').then((m) => m.WaitlistEntryPage),
  manageWaitlist: () =>
    import('../features/waitlist/routes/manage-waitlist-page.tsx').then((m) => m.ManageWaitlistPage),
  availability: () => import('../features/availability/routes/availability-page.tsx').then((m) => m.AvailabilityPage),
  backOfficeShell: () => import('./layout/back-office-shell.tsx').then((m) => m.BackOfficeShell),
  authQueryNotices: () => import('../features/auth/components/auth-query-notices.tsx').then((m) => m.AuthQueryNotices),
  updateDialog: () => import('./update/update-dialog.tsx').then((m) => m.UpdateDialog),
};

export type PartName = keyof typeof parts;
export type Part<N extends PartName> = Awaited<ReturnType<(typeof parts)[N]>>;

/** The part's component, with the full stylesheet loaded (the first chunk carries only the shell's styles). */
export function loadPart<N extends PartName>(name: N): Promise<Part<N>> {
  return withFullStyles(parts[name] as () => Promise<Part<N>>);
}
