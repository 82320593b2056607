import { signInAsAdmin } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { mailCount, waitForMail } from '../support/mail.ts';
import { bookThroughApi, newClient, withRunLock } from './people.ts';

const isPhone = () => test.info().project.name === 'phone';

test('the owner rewords the booking confirmation and the next booking’s email uses it @phone', async ({
  page,
  browser,
}, testInfo) => {
  const client = await newClient(browser, testInfo, 'Tess Template');
  await signInAsAdmin(page);
  const marker = `Parking is behind the blue gate (${testInfo.project.name})`;

  await withRunLock('template-booking-confirmed', async () => {
    try {
      await page.goto('/emails');
      await page.getByRole('tab', { name: 'Templates' }).click();
      await expect(page).toHaveURL(/tab=templates/);
      await page
        .getByRole('combobox', { name: 'Email' })
        .selectOption({ label: 'A booking is confirmed (with the calendar file attached)' });
      const text = page.getByRole('textbox', { name: 'Text' });
      await expect(text).toHaveValue(/^Hello \{\{clientName\}\},/);

      // A new first paragraph, ending with the client's name inserted from its button.
      await text.focus();
      await text.press('ControlOrMeta+Home');
      await text.pressSequentially(`${marker}, `);
      await page
        .getByRole('group', { name: 'Insert a variable where the cursor is' })
        .getByRole('button', {
          name: '{{clientName}}',
        })
        .click();
      await text.pressSequentially('.\n\n');
      await expect(text).toHaveValue(new RegExp(`^${escapeRegExp(marker)}, \\{\\{clientName\\}\\}\\.\\n\\nHello`));

      const preview = page.frameLocator('iframe[title="Preview of the email"]');
      await expect(preview.locator('body')).toContainText(`${marker}, Alex Example.`);

      // A variable this email does not have is refused with the list of those it has.
      await text.press('ControlOrMeta+End');
      await text.pressSequentially(' {{reason}}');
      await expect(page.getByRole('alert').filter({ hasText: 'Unknown variables' })).toContainText('{{reason}}');
      await page.getByRole('button', { name: 'Save template' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
        'Unknown variable: {{reason}}',
      );
      for (let i = 0; i < ' {{reason}}'.length; i++) await text.press('Backspace');

      await page.getByRole('button', { name: 'Save template' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await expect(page.getByText('Your wording', { exact: true })).toBeVisible();

      await bookThroughApi(client);
      const mail = await waitForMail(client.email, 'Your booking is confirmed');
      expect(mail.text).toContain(`${marker}, ${client.name}.`);
      expect(mail.html).toContain(`${marker}, ${client.name}.`);

      await page.getByRole('button', { name: 'Restore default' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The default wording is back.' })).toBeVisible();
      await expect(text).toHaveValue(/^Hello \{\{clientName\}\},/);
      await expect(page.getByText('Default wording', { exact: true })).toBeVisible();
    } finally {
      // Whatever happened above, the other tests' emails keep the default wording.
      await page.request.delete('/api/admin/email-templates/booking.confirmed');
    }
  });
  await client.context.close();
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('the owner writes to a customer, finds the email in the sent log and sends it again @phone', async ({
  page,
  browser,
}, testInfo) => {
  const client = await newClient(browser, testInfo, 'Cora Compose');
  await client.context.close();
  await signInAsAdmin(page);
  const subject = `Your voucher ${Date.now().toString(36)}`;

  await page.goto('/emails?tab=compose');
  const to = page.getByRole('combobox', { name: 'To' });
  await to.fill(client.email);
  await page.getByRole('option', { name: `${client.name} (${client.email})` }).click();
  await expect(page.getByText(`To: ${client.name} (${client.email})`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).fill('Thank you for coming: here is 10% off your next visit.');
  await page.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Email queued for ${client.email}.` })).toBeVisible();
  const mail = await waitForMail(client.email, subject);
  expect(mail.text).toContain('Thank you for coming: here is 10% off your next visit.');

  await page.getByRole('tab', { name: 'Outbox and sent' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(subject);
  await expect(page.getByRole('status').filter({ hasText: /^1 email$/ })).toBeVisible();
  const entry = isPhone()
    ? page.getByRole('listitem', { name: subject })
    : page.getByRole('row').filter({ hasText: subject });
  await expect(entry).toContainText(client.email);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(entry).toContainText('Sent', { timeout: 1000 });
  }).toPass();

  await entry.getByRole('button', { name: 'Resend' }).click();
  await expect(entry.getByRole('status')).toHaveText('Queued again');
  await expect.poll(() => mailCount(client.email, subject), { timeout: 20_000 }).toBe(2);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Sent');
  await expect(page).toHaveURL(/status=sent/);
  await expect(page.getByRole('status').filter({ hasText: /^2 emails$/ })).toBeVisible();
});
