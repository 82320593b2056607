import { randomInt } from 'node:crypto';

/**
 * A client address of its own for each test (the server trusts X-Forwarded-For in the e2e run): sign-in is
 * limited per address, so one test's attempts never count against another's.
 */
export function freshClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
