import { readFileSync } from 'node:fs';
import { confirmForm, continueWithDetails, dayText, pickDay, pickTime } from '../booking/booking.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { bookThroughApi, customerId, newClient } from './people.ts';

const isPhone = () => test.info().project.name === 'phone';

test('the owner blocks a customer, whose next booking on /book is refused politely @phone', async ({
  page,
  browser,
}, testInfo) => {
  const client = await newClient(browser, testInfo, 'Blair Blocked');
  await signInAsAdmin(page);

  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search' }).fill(client.email);
  await expect(page.getByRole('status').filter({ hasText: '1 customer matching' })).toBeVisible();
  await page.getByRole('link', { name: client.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();

  const policy = page.getByRole('radiogroup', { name: 'Policy' });
  await expect(policy.getByRole('radio', { name: 'New' })).toBeChecked();
  await policy.getByText('Blocked', { exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Policy saved: Blocked.' })).toBeVisible();
  const audit = page.getByRole('region', { name: 'Audit trail' });
  await expect(audit).toContainText('Changed the profile');
  await expect(audit).toContainText('admin@example.test');
  await expect(audit).toContainText('Policy: new → blocked');

  // The client, in their own browser, tries to book as they would any day.
  const { page: clientPage } = client;
  await clientPage.goto('/book?style=therapeutic&type=swedish');
  await clientPage.getByRole('radio', { name: '1 h, £70' }).click();
  const slot = diaryTime();
  const day = slot.date;
  await pickDay(clientPage, day);
  await pickTime(clientPage, slot.time);
  await continueWithDetails(clientPage, '+44 7700 900888');
  await confirmForm(clientPage).getByRole('button', { name: 'Confirm booking' }).click();
  const refusal = clientPage.getByRole('alert').filter({ hasText: 'We cannot take this booking online' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Please get in touch with us by phone or email.');
  await expect(clientPage.getByText(dayText(day)).first()).toBeVisible();

  // Unblocked, the same client may book again.
  await policy.getByText('Trusted', { exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Policy saved: Trusted.' })).toBeVisible();
  await expect(audit).toContainText('Policy: blocked → trusted');
  await client.context.close();
});

test('the owner finds customers by name or email, sorts them, and goes back to an earlier search @phone', async ({
  page,
  browser,
}, testInfo) => {
  const family = `Quill${Date.now().toString(36)}`;
  const older = await newClient(browser, testInfo, `Alba ${family}`);
  const younger = await newClient(browser, testInfo, `Zora ${family}`);
  await bookThroughApi(younger);
  await signInAsAdmin(page);

  await page.goto('/customers');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(family.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${family.toLowerCase()}`));
  await expect(page.getByRole('status').filter({ hasText: '2 customers matching' })).toBeVisible();
  const names = page.getByRole('main').getByRole('link', { name: new RegExp(family) });
  await expect(names).toHaveText([older.name, younger.name]);

  if (isPhone()) {
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Bookings');
  } else {
    await page.getByRole('button', { name: /^Bookings/ }).click();
    await expect(page.getByRole('columnheader', { name: /^Bookings/ })).toHaveAttribute('aria-sort', 'descending');
  }
  // Most bookings first: the one who booked leads.
  await expect(names).toHaveText([younger.name, older.name]);
  if (isPhone()) await expect(page.getByRole('listitem', { name: younger.name })).toContainText('1 booking ·');
  else await expect(page.getByRole('row').filter({ hasText: younger.name }).getByRole('cell').nth(2)).toHaveText('1');

  await search.fill(older.email);
  await expect(page.getByRole('status').filter({ hasText: '1 customer matching' })).toBeVisible();
  await expect(names).toHaveText([older.name]);

  await page.goBack();
  await expect(search).toHaveValue(family.toLowerCase());
  await expect(names).toHaveText([younger.name, older.name]);

  await search.fill(`nobody-${family}`);
  await expect(page.getByText(`No customer matches “nobody-${family}”.`)).toBeVisible();
  await older.context.close();
  await younger.context.close();
});

test('the owner downloads a customer’s data, then erases them on request; their booking stays, anonymised and cancelled @phone', async ({
  page,
  browser,
}, testInfo) => {
  const client = await newClient(browser, testInfo, 'Erin Erased');
  const booking = await bookThroughApi(client);
  await signInAsAdmin(page);
  const uid = await customerId(page.request, client.email);

  await page.goto(`/customers/${uid}`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  const history = page.getByRole('region', { name: /^Bookings/ });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Swedish massage, 1 h, £70');
  await expect(history).toContainText('Confirmed');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download data' }).click();
  const download = await downloading;
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported).toContain(client.email);
  expect(exported).toContain(booking.id);

  await page.getByRole('button', { name: 'Erase customer' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${client.name}?` });
  await expect(dialog).toContainText('anonymised as “Deleted client”');
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page).toHaveURL('/customers');
  await expect(page.getByRole('status').filter({ hasText: `${client.name} was erased.` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(client.email);
  await expect(page.getByText(`No customer matches “${client.email}”.`)).toBeVisible();

  // Their account is gone; the booking they made is still in the diary, without their name.
  const signIn = await client.page.request.get('/api/bookings');
  expect(signIn.status()).toBe(401);
  const diary = await page.request.get(`/api/admin/bookings?q=${encodeURIComponent('Deleted client')}&pageSize=500`);
  expect(diary.ok()).toBe(true);
  const { bookings } = (await diary.json()) as {
    bookings: { id: string; clientName: string; clientEmail: string | null; status: string }[];
  };
  // Kept for the accounts, without the person, and no longer holding its time in the diary.
  expect(bookings.find((kept) => kept.id === booking.id)).toMatchObject({
    clientName: 'Deleted client',
    clientEmail: null,
    status: 'cancelled',
  });
  await page.goto(`/customers/${uid}`);
  await expect(page.getByText('This customer does not exist (or was erased).')).toBeVisible();
  await client.context.close();
});
