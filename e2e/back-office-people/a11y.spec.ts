import { signInAsAdmin } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { bookThroughApi, customerId, expectNoAxeViolations, newClient } from './people.ts';

test('axe finds no violations on /customers, /customers/:uid and each tab of /emails @phone', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const client = await newClient(browser, testInfo, 'Axel Audit');
  await bookThroughApi(client);
  await signInAsAdmin(page);
  const uid = await customerId(page.request, client.email);
  await page.request.patch(`/api/admin/customers/${uid}`, { data: { policy: 'trusted', tags: ['regular'] } });

  await page.goto('/customers');
  await expect(page.getByRole('status').filter({ hasText: /customers?$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/customers/${uid}`);
  await expect(page.getByRole('region', { name: 'Audit trail' })).toContainText('Policy: new → trusted');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Erase customer' }).click();
  await expect(page.getByRole('dialog', { name: `Erase ${client.name}?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Keep customer' }).click();
  await page.getByRole('button', { name: 'Email this customer' }).click();
  await expect(page.getByRole('dialog', { name: `Email ${client.name}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/emails');
  await expect(page.getByRole('status').filter({ hasText: /emails?$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.frameLocator('iframe[title="Preview of the email"]').locator('body')).toContainText('Hello');
  await expect(page.getByTitle('Preview of the email')).toHaveAttribute('sandbox', '');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Compose' }).click();
  await expect(page.getByRole('button', { name: 'Send email' })).toBeVisible();
  await expectNoAxeViolations(page);
  await client.context.close();
});
