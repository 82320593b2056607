import { adminOnlyPaths, lodgerPaths, type Role, SECOND_FACTOR_PATH, signInPaths } from '@app/shared';
import { matchPath } from 'react-router';

const matchesAny = (patterns: readonly string[], pathname: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);

/**
 * The navigation guard of spec section 6, rule by rule in the spec's order. `role` is null for a visitor who is
 * not signed in. Returns where to send the visitor instead, or null to let them in. Convenience only: the API
 * enforces the same rules.
 */
export function guardRedirect(pathname: string, role: Role | null, lacksSecondFactor = false): string | null {
  // An admin without a second factor enrols before any back-office page (the API refuses them until then).
  if (role === 'admin' && lacksSecondFactor && (pathname === '/' || isBackOffice(pathname))) return SECOND_FACTOR_PATH;
  if (matchesAny(signInPaths, pathname) && role === null) return '/';
  if (pathname === SECOND_FACTOR_PATH && role === null) return '/';
  if (matchesAny(lodgerPaths, pathname) && role !== 'admin' && role !== 'lodger') return '/';
  if (matchesAny(adminOnlyPaths, pathname) && role !== 'admin') return '/';
  if (pathname === '/' && role === 'lodger') return '/availability';
  if (pathname === '/' && role === 'admin') return '/dashboard';
  return null;
}

export function isBackOffice(pathname: string): boolean {
  return matchesAny(adminOnlyPaths, pathname) || matchesAny(lodgerPaths, pathname);
}

const everyVisitor: (Role | null)[] = [null, 'user', 'lodger', 'admin'];

/** Whether the guard's answer for this path depends on who the visitor is (so it must wait for the session). */
export function roleMatters(pathname: string): boolean {
  return new Set(everyVisitor.map((role) => guardRedirect(pathname, role))).size > 1;
}
