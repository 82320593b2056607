import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/smtp-peer.ts';
import { createTestApp } from '../../test/test-context.ts';

describe('GET /api/health', () => {
  it('answers ok to many askers at once, and 503 once the database is gone', async () => {
    const t = await createTestApp();
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/api/health' })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
      expect(answers[0]?.json()).toEqual({ status: 'ok', database: 'ok' });

      await t.context.database.close();
      // Within a second (one database answer stands for that long), the load balancer is told.
      const down = await waitFor(async () => {
        const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
        return answer.statusCode === 503 ? answer : undefined;
      }, 5_000);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      expect(t.logs.some((line) => line.msg === 'health check: database unreachable')).toBe(true);
    } finally {
      await t.app.close();
    }
  });
});
