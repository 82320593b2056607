import { test as base, expect } from '@playwright/test';
import { freshClientIp } from './client-ip.ts';
import { changeSetting, readSetting } from './settings-lock.ts';

export { freshClientIp };

type Options = {
  /**
   * What the test does with the business's payment policy (one per business), which a test of the other worker may
   * be changing meanwhile: 'reads' (the default: a client books, cancels or pays, or the test posts to today's books,
   * which the refund walk checks to the penny), 'changes' (it sets a policy and puts it back: it runs with no reader
   * beside it), or 'ignores' (nothing in it depends on the policy or moves today's money: it runs beside anything).
   * Set per file with `test.use({ paymentPolicy: … })`.
   */
  paymentPolicy: 'reads' | 'changes' | 'ignores';
};

export const test = base.extend<Options & { paymentPolicyLock: () => void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': freshClientIp() });
  },
  paymentPolicy: ['reads', { option: true }],
  paymentPolicyLock: [
    async ({ paymentPolicy }, use) => {
      const release =
        paymentPolicy === 'changes'
          ? await changeSetting('payment-policy')
          : paymentPolicy === 'reads'
            ? await readSetting('payment-policy')
            : () => {};
      // A test that is done with the policy before its end gives it up early by calling this (once is enough).
      let held = true;
      const releaseOnce = () => {
        if (held) release();
        held = false;
      };
      try {
        await use(releaseOnce);
      } finally {
        releaseOnce();
      }
    },
    // Waiting for the test of the other worker to end is not this test's time: the longest take a few minutes.
    { auto: true, timeout: 360_000 },
  ],
});

export { expect };
