import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import { setUserDisabled, setUserRole } from '../modules/users/users.service.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, defect 2: a calendar feed answers only while its owner still holds the role it was made
// for; demoted, disabled or deleted, by the CLI's service or any other path, the feed stops for good.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(() => t.close());

async function feedOf(role: 'admin' | 'lodger') {
  const owner = await signedIn(t, { role });
  const feed = (await owner.call('POST', '/api/calendar-feeds')).json();
  const path = new URL(feed.url).pathname;
  const read = () => t.app.inject({ method: 'GET', url: path });
  expect((await read()).statusCode).toBe(200);
  return { owner, read };
}

describe('a calendar feed outlives no one’s rights', () => {
  it('stops when its admin is demoted to client (CLI), and stays stopped when promoted again', async () => {
    const { owner, read } = await feedOf('admin');
    await setUserRole(t.db, { email: owner.email, role: 'user' });
    expect((await read()).statusCode).toBe(404);
    await setUserRole(t.db, { email: owner.email, role: 'admin' });
    expect((await read()).statusCode).toBe(404);
  });

  it('stops when its admin is made a lodger by the admin API', async () => {
    const { owner, read } = await feedOf('admin');
    const other = await signedIn(t, { role: 'admin' });
    const changed = await other.call('POST', '/api/auth/admin/set-role', { userId: owner.id, role: 'lodger' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read()).statusCode).toBe(404);
  });

  it('stops when its owner is disabled (CLI), and stays stopped once enabled', async () => {
    const { owner, read } = await feedOf('lodger');
    await setUserDisabled(t.db, { email: owner.email, disabled: true });
    expect((await read()).statusCode).toBe(404);
    await setUserDisabled(t.db, { email: owner.email, disabled: false });
    expect((await read()).statusCode).toBe(404);
  });

  it('stops when its owner is disabled in the database directly', async () => {
    const { owner, read } = await feedOf('admin');
    await t.db.update(user).set({ banned: true }).where(eq(user.id, owner.id));
    expect((await read()).statusCode).toBe(404);
  });

  it('stops when its owner is deleted', async () => {
    const { owner, read } = await feedOf('lodger');
    await t.db.delete(user).where(eq(user.id, owner.id));
    expect((await read()).statusCode).toBe(404);
  });
});
