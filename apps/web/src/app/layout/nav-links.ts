import type { Role } from '@app/shared';
import type { NavIconName } from './nav-icons.tsx';

export type NavLink = { to: string; label: string };

/** What each kind of visitor is offered in the header; the guard and the API decide what they may open. */
export function navLinksFor(role: Role | null): NavLink[] {
  switch (role) {
    case null:
      return [
        { to: '/', label: 'Home' },
        { to: '/book', label: 'Book' },
        { to: '/gift-vouchers', label: 'Gift vouchers' },
      ];
    case 'user':
      return [
        { to: '/', label: 'Home' },
        { to: '/book', label: 'Book' },
        { to: '/bookings', label: 'My bookings' },
        { to: '/gift-vouchers', label: 'Gift vouchers' },
      ];
    case 'lodger':
      return [{ to: '/availability', label: 'Availability' }];
    case 'admin':
      return backOfficeSectionsFor('admin');
  }
}

export type BackOfficeSection = NavLink & { id: string; icon: NavIconName };

/** The back office's sections in the sidebar's order; the first four are the phone's bottom bar. */
const adminSections: BackOfficeSection[] = [
  { id: 'dashboard', to: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { id: 'bookings', to: '/manage_bookings', label: 'Bookings', icon: 'bookings' },
  { id: 'availability', to: '/availability', label: 'Availability', icon: 'availability' },
  { id: 'customers', to: '/customers', label: 'Customers', icon: 'customers' },
  { id: 'waitlist', to: '/manage_waitlist', label: 'Waitlist', icon: 'availability' },
  { id: 'emails', to: '/emails', label: 'Emails', icon: 'emails' },
  { id: 'expenses', to: '/expenses', label: 'Expenses', icon: 'expenses' },
  { id: 'invoices', to: '/invoices', label: 'Invoices', icon: 'invoices' },
  { id: 'vouchers', to: '/vouchers', label: 'Vouchers', icon: 'vouchers' },
  { id: 'courses', to: '/courses', label: 'Courses', icon: 'vouchers' },
  { id: 'ledger', to: '/ledger', label: 'Ledger', icon: 'ledger' },
  { id: 'finances', to: '/finances', label: 'Finances', icon: 'finances' },
  { id: 'vat-returns', to: '/vat-returns', label: 'VAT returns', icon: 'finances' },
  { id: 'analytics', to: '/analytics', label: 'Analytics', icon: 'analytics' },
  { id: 'business', to: '/business', label: 'Business details', icon: 'business' },
  { id: 'website', to: '/website', label: 'Website', icon: 'website' },
  { id: 'reviews', to: '/reviews', label: 'Reviews', icon: 'reviews' },
];

/** The sections of the back office a role may open (spec section 1: the lodger sees only the availability calendar). */
export function backOfficeSectionsFor(role: Role): BackOfficeSection[] {
  if (role === 'admin') return adminSections;
  if (role === 'lodger') return adminSections.filter((section) => section.id === 'availability');
  return [];
}
