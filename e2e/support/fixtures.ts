import { test as base, expect } from '@playwright/test';
import { freshClientIp } from './client-ip.ts';

export { freshClientIp };

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': freshClientIp() });
  },
});

export { expect };
