import type { Role } from '@app/shared';

export type NavLink = { to: string; label: string };

/** What each kind of visitor is offered in the header; the guard and the API decide what they may open. */
export function navLinksFor(role: Role | null): NavLink[] {
  switch (role) {
    case null:
      return [
        { to: '/', label: 'Home' },
        { to: '/book', label: 'Book' },
      ];
    case 'user':
      return [
        { to: '/', label: 'Home' },
        { to: '/book', label: 'Book' },
        { to: '/bookings', label: 'My bookings' },
      ];
    case 'lodger':
      return [{ to: '/availability', label: 'Availability' }];
    case 'admin':
      return [
        { to: '/dashboard', label: 'Dashboard' },
        { to: '/manage_bookings', label: 'Bookings' },
        { to: '/availability', label: 'Availability' },
        { to: '/customers', label: 'Customers' },
        { to: '/invoices', label: 'Invoices' },
        { to: '/expenses', label: 'Expenses' },
        { to: '/finances', label: 'Finances' },
        { to: '/ledger', label: 'Ledger' },
        { to: '/emails', label: 'Emails' },
        { to: '/analytics', label: 'Analytics' },
        { to: '/business', label: 'Business details' },
      ];
  }
}
