import { describe, expect, it } from 'vitest';

describe('parse-without-eval', () => {
  // Whichever loaded first, zod must read the setting; were zod to rename its global, this fails.
  it('turns zod’s compiled parsers off, as z.config({ jitless: true }) does', async () => {
    await import('./parse-without-eval.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
