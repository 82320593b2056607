import type { APIRequestContext } from '@playwright/test';
import { newVrn } from '../../apps/server/src/test/hmrc-peer.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { HMRC_PEER_PORT } from '../support/paths.ts';
import { changeSetting } from '../support/settings-lock.ts';

/**
 * The VAT return filed through HMRC's MTD VAT API (issue 30 part 2, decision 067), against the local HMRC peer the
 * e2e server talks to. The connection to HMRC is one per business: the desk and phone runs take it in turn. Filing
 * locks the books through the period's end, so each run files a quarter of a year no other test posts in, after
 * any quarter filed before it in this run.
 */
test.use({ paymentPolicy: 'ignores' });

const peer = `http://127.0.0.1:${HMRC_PEER_PORT}`;

type FraudCheck = { path: string; validation: { errors: unknown[] } };

/** The first year after every quarter filed so far in this run (from 2001: years no other test posts in). */
async function freeYear(request: APIRequestContext): Promise<number> {
  const filed = (await (await request.get('/api/admin/vat/returns')).json()) as { end: string }[];
  return Math.max(2001, ...filed.map((receipt) => Number(receipt.end.slice(0, 4)) + 1));
}

test('the owner connects to HMRC, checks the boxes down to the journal lines and files the return @phone', async ({
  page,
}) => {
  test.slow();
  const release = await changeSetting('hmrc-connection');
  try {
    await signInAsAdmin(page);
    const year = await freeYear(page.request);
    const yy = String(year).slice(2);
    const vrn = newVrn();
    // HMRC knows this business: one quarter filed before, the first quarter of the year open.
    const known = await fetch(`${peer}/__peer/organisations`, {
      method: 'POST',
      body: JSON.stringify({
        vrn,
        obligations: [
          {
            periodKey: `${yy}A1`,
            start: `${year}-01-01`,
            end: `${year}-03-31`,
            due: `${year}-05-07`,
            status: 'O',
          },
          {
            periodKey: `${String(year - 1).slice(2)}A4`,
            start: `${year - 1}-10-01`,
            end: `${year - 1}-12-31`,
            due: `${year}-02-07`,
            status: 'F',
            received: `${year}-02-01`,
          },
        ],
      }),
    });
    expect(known.status).toBe(201);
    // The books of that quarter: rent of £120 with £20 VAT on the bill. The e2e business is not VAT registered (a
    // setting of the whole business other tests read), so the VAT is part of the cost: box 7 £120, box 4 nothing.
    const categories = (await (await page.request.get('/api/admin/expenses/categories')).json()) as {
      categories: { id: string; name: string }[];
    };
    const rent = categories.categories.find((category) => category.name === 'Rent');
    const spent = await page.request.post('/api/admin/expenses', {
      data: {
        date: `${year}-02-20`,
        supplier: 'Studio Lettings',
        categoryId: rent?.id,
        amountPence: 12000,
        vatPence: 2000,
        paymentMethod: 'bank_transfer',
      },
    });
    expect(spent.ok(), await spent.text()).toBe(true);

    await test.step('connects on HMRC page and comes back connected', async () => {
      await page.goto('/vat-returns');
      await expect(page.getByRole('heading', { level: 1, name: 'VAT returns' })).toBeVisible();
      await page.getByLabel('VAT registration number').fill(`GB ${vrn}`);
      await page.getByRole('button', { name: 'Connect to HMRC' }).click();
      await expect(page).toHaveURL(/\/vat-returns\?hmrc=connected$/);
      await expect(page.getByText('Connected to HMRC.')).toBeVisible();
      await expect(page.getByText(`VAT registration number ${vrn}`)).toBeVisible();
    });

    await test.step('sees the open and fulfilled periods HMRC lists', async () => {
      await page.getByLabel('Periods in').selectOption(String(year));
      const periods = page.getByRole('list', { name: 'VAT periods' });
      await expect(periods.getByRole('listitem')).toHaveCount(1);
      await page.getByLabel('Periods in').selectOption(String(year - 1));
      await expect(periods.getByRole('listitem').first()).toContainText('Fulfilled');
      await page.getByLabel('Periods in').selectOption(String(year));
      await expect(periods.getByRole('listitem').first()).toContainText('Open');
    });

    await test.step('prepares the return: the nine boxes, and the journal lines behind box 7', async () => {
      await page.getByRole('button', { name: 'Prepare return' }).click();
      const boxes = page.getByRole('list', { name: 'The nine boxes' });
      await expect(boxes.getByRole('listitem')).toHaveCount(9);
      await expect(boxes.getByRole('listitem').nth(3)).toContainText('£0.00');
      await expect(boxes.getByRole('listitem').nth(6)).toContainText('£120.00');
      await expect(page.getByText(/not marked as VAT registered/)).toBeVisible();
      await boxes.getByRole('button', { name: /^Box 7: £120\.00/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Box 7/ });
      await expect(dialog.getByRole('listitem')).toHaveCount(1);
      await expect(dialog).toContainText('Studio Lettings');
      await expectNoAxeViolations(page, 'the drill-down of box 7');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('files it with the declaration ticked: HMRC receipt is kept', async () => {
      const submit = page.getByRole('button', { name: 'Submit to HMRC' });
      await expect(submit).toBeDisabled();
      await page.getByLabel(/legal declaration that the information is true and complete/).check();
      await expectNoAxeViolations(page, 'the VAT return ready to file');
      await submit.click();
      await expect(page.getByText(/HMRC received the return: form bundle \d{12}\./)).toBeVisible();
      const receipt = page.getByRole('article', { name: `Receipt ${yy}A1` });
      await expect(receipt).toContainText(/Form bundle number: \d{12}/);
      await expect(receipt).toContainText('Charge reference: none (nothing to pay)');
      await expect(page.getByRole('list', { name: 'VAT periods' }).getByRole('listitem').first()).toContainText(
        'Fulfilled',
      );
    });

    await test.step('HMRC got the figures and found the fraud-prevention headers sound', async () => {
      const returns = (await (await fetch(`${peer}/__peer/returns?vrn=${vrn}`)).json()) as Record<string, unknown>;
      expect(returns[`${yy}A1`]).toMatchObject({
        vatReclaimedCurrPeriod: 0,
        netVatDue: 0,
        totalValuePurchasesExVAT: 120,
      });
      const checks = (await (await fetch(`${peer}/__peer/fraud-checks`)).json()) as FraudCheck[];
      const ours = checks.filter((check) => check.path.includes(vrn));
      expect(ours.length).toBeGreaterThan(2);
      for (const check of ours) expect(check.validation.errors, check.path).toEqual([]);
    });

    await test.step('the filed quarter is closed: a late expense goes into the next one', async () => {
      const late = await page.request.post('/api/admin/expenses', {
        data: {
          date: `${year}-03-10`,
          supplier: 'Late Oils',
          categoryId: rent?.id,
          amountPence: 600,
          vatPence: 100,
          paymentMethod: 'bank_transfer',
        },
      });
      expect(late.ok(), await late.text()).toBe(true);
      const drill = await page.request.get(`/api/admin/vat/drill-down?from=${year}-04-01&to=${year}-06-30&box=7`);
      expect(await drill.json()).toMatchObject({
        total: 600,
        lines: [{ date: `${year}-04-01`, movedFrom: `${year}-03-10` }],
      });
    });

    await test.step('disconnects', async () => {
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
      await expect(page.getByRole('button', { name: 'Connect to HMRC' })).toBeVisible();
    });
  } finally {
    // A run stopped half-way leaves no connection for the next one.
    const origin = test.info().project.use.baseURL as string;
    await page.request.delete('/api/admin/vat/connection', { headers: { origin } });
    release();
  }
});
