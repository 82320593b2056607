import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './links.tsx';

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, links: ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <nav>{links}</nav>
      <Address />
    </MemoryRouter>,
  );
}

describe("the app's links", () => {
  it('are plain links to the address, and a click moves there inside the app', () => {
    renderAt('/', <Link to="/book?style=therapeutic">Book now</Link>);
    const link = screen.getByRole('link', { name: 'Book now' });
    expect(link.getAttribute('href')).toBe('/book?style=therapeutic');
    fireEvent.click(link);
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/book?style=therapeutic');
  });

  it('leave a click with a modifier key to the browser (a new tab), as any link', () => {
    renderAt('/', <Link to="/book">Book now</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Book now' }), { ctrlKey: true });
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/');
  });

  it('let a click handler of the caller stop the move', () => {
    renderAt(
      '/',
      <Link to="/book" onClick={(event) => event.preventDefault()}>
        Book now
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Book now' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/');
  });

  it('mark the current page, and with `end` only the page itself, not the pages below it', () => {
    renderAt(
      '/customers/42',
      <>
        <NavLink to="/customers">Customers</NavLink>
        <NavLink to="/customers" end>
          Customer list
        </NavLink>
        <NavLink to="/bookings" className="nav">
          Bookings
        </NavLink>
      </>,
    );
    const customers = screen.getByRole('link', { name: 'Customers' });
    expect(customers.getAttribute('aria-current')).toBe('page');
    expect(customers.className).toBe('active');
    expect(screen.getByRole('link', { name: 'Customer list' }).getAttribute('aria-current')).toBeNull();
    const bookings = screen.getByRole('link', { name: 'Bookings' });
    expect(bookings.getAttribute('aria-current')).toBeNull();
    expect(bookings.className).toBe('nav');
  });
});
