import { uniqueName } from '../back-office/back-office.ts';
import { bookThroughApi, customerId, newClient } from '../back-office-people/people.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Screening new clients (issue 28, part 3): the owner blocks a client and keeps a private reason on their page; the
 * client's own pages and answers never carry it.
 */
test('a block keeps a private reason the owner sees and the client never does', async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL as string;
  const client = await newClient(browser, testInfo, uniqueName('Vera'));
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const reason = `Asked for extras on the phone ${uniqueName('r')}`;
  try {
    await bookThroughApi(client);
    const uid = await customerId(owner.page.request, client.email);
    const desk = owner.page;
    await desk.goto(`/customers/${uid}`);
    await desk.getByRole('radiogroup', { name: 'Policy' }).getByText('Blocked', { exact: true }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Policy saved: Blocked.' })).toBeVisible();
    await desk.getByRole('textbox', { name: 'Private reason for the block (only you see it)' }).fill(reason);
    await desk.getByRole('button', { name: 'Keep the reason' }).click();
    await expect(desk.getByText(`: ${reason}`)).toBeVisible();

    // The client sees their bookings as before, and nowhere the owner's reason.
    await client.page.goto('/bookings');
    await expect(client.page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await expect(client.page.locator('body')).not.toContainText(reason);
    for (const url of ['/api/bookings', '/api/account/export']) {
      const answer = await client.page.request.get(url);
      expect(answer.status()).toBe(200);
      expect(await answer.text()).not.toContain(reason);
    }
  } finally {
    await client.context.close();
    await owner.context.close();
  }
});
