import { randomInt } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
/**
 * A client address of its own for each test (the server trusts X-Forwarded-For in the e2e run): sign-in is
 * limited per address, so one test's attempts never count against another's.
 */
export function freshClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': freshClientIp() });
  },
});

export { expect };
