import { adminOnlyPaths, type Role } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { guardRedirect, roleMatters } from './guard.ts';

const visitors: (Role | null)[] = [null, 'user', 'lodger', 'admin'];
const concreteAdminPaths = adminOnlyPaths.map((path) => path.replace(':expenseId', 'exp-1').replace(':uid', 'u-1'));

describe('navigation guard', () => {
  it('sends a visitor who is not signed in from /bookings and /account to home', () => {
    expect(guardRedirect('/bookings', null)).toBe('/');
    expect(guardRedirect('/account', null)).toBe('/');
  });

  it('lets every signed-in role open /bookings and /account', () => {
    for (const role of ['user', 'lodger', 'admin'] as const) {
      expect(guardRedirect('/bookings', role)).toBeNull();
      expect(guardRedirect('/account', role)).toBeNull();
    }
  });

  it('admits only admin and lodger to /availability', () => {
    expect(guardRedirect('/availability', null)).toBe('/');
    expect(guardRedirect('/availability', 'user')).toBe('/');
    expect(guardRedirect('/availability', 'lodger')).toBeNull();
    expect(guardRedirect('/availability', 'admin')).toBeNull();
  });

  it('admits only admin to every back-office path, including those with ids', () => {
    for (const path of concreteAdminPaths) {
      expect(guardRedirect(path, 'admin')).toBeNull();
      for (const role of [null, 'user', 'lodger'] as const) expect(guardRedirect(path, role)).toBe('/');
    }
  });

  it('sends a lodger opening home to /availability and an admin to /dashboard', () => {
    expect(guardRedirect('/', 'lodger')).toBe('/availability');
    expect(guardRedirect('/', 'admin')).toBe('/dashboard');
    expect(guardRedirect('/', 'user')).toBeNull();
    expect(guardRedirect('/', null)).toBeNull();
  });

  it('sends an admin without a second factor to enrol before home or any back-office page, and nowhere else', () => {
    expect(guardRedirect('/', 'admin', true)).toBe('/second-factor');
    for (const path of [...concreteAdminPaths, '/availability'])
      expect(guardRedirect(path, 'admin', true)).toBe('/second-factor');
    expect(guardRedirect('/account', 'admin', true)).toBeNull();
    expect(guardRedirect('/second-factor', 'admin', true)).toBeNull();
    expect(guardRedirect('/book', 'admin', true)).toBeNull();
    // A client or the lodger without one is not asked (it is offered on the account page).
    expect(guardRedirect('/', 'lodger', true)).toBe('/availability');
    expect(guardRedirect('/', 'user', true)).toBeNull();
  });

  it('lets only a signed-in person open the second-factor page', () => {
    expect(guardRedirect('/second-factor', null)).toBe('/');
    for (const role of ['user', 'lodger', 'admin'] as const) expect(guardRedirect('/second-factor', role)).toBeNull();
  });

  it('leaves public pages open to everyone', () => {
    for (const role of visitors) {
      expect(guardRedirect('/book', role)).toBeNull();
      expect(guardRedirect('/facebook_login', role)).toBeNull();
    }
  });
});

describe('roleMatters', () => {
  it('is true where the guard treats visitors differently and false on public pages', () => {
    expect(roleMatters('/')).toBe(true);
    expect(roleMatters('/account')).toBe(true);
    expect(roleMatters('/customers/u-1')).toBe(true);
    expect(roleMatters('/book')).toBe(false);
    expect(roleMatters('/facebook_login')).toBe(false);
  });
});
