/**
 * The everyday tasks of issue 25, each done as an owner or a client would, counting the taps (a click, a fill or a
 * choice; a custom dropdown would be two). Each test fails when its task needs one more tap than its goal (decision
 * 089). With TAPS_SHOTS=<folder> set, every step is photographed there (kept out of git) to be looked at.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { phoneBooking, todaysUnpaidAppointment, uniqueName } from '../back-office/back-office.ts';
import { choiceBar, confirmForm, dayText } from '../booking/booking.ts';
import { signInAsAdmin, uniqueEmail } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { localDate } from '../support/dates.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { tmpDir } from '../support/paths.ts';

/** Counts what the person does; `shot` photographs the screen between the steps when TAPS_SHOTS is set. */
class Taps {
  count = 0;
  private step = 0;
  private readonly page: Page;
  private readonly testInfo: TestInfo;
  private readonly task: string;
  constructor(page: Page, testInfo: TestInfo, task: string) {
    this.page = page;
    this.testInfo = testInfo;
    this.task = task;
  }

  async click(target: Locator) {
    this.count += 1;
    await target.click();
  }

  async fill(target: Locator, value: string) {
    this.count += 1;
    await target.fill(value);
  }

  async shot(name: string) {
    const folder = process.env.TAPS_SHOTS;
    if (!folder) return;
    mkdirSync(folder, { recursive: true });
    this.step += 1;
    await this.page.mouse.move(0, 0);
    await this.page.screenshot({
      path: join(folder, `${this.task}-${this.testInfo.project.name}-${this.step}-${name}.png`),
    });
  }

  /** axe over the screen in the light scheme and in the dark one (the scheme follows the device's). */
  async axe(what: string) {
    await expectNoAxeViolations(this.page, `${this.task}: ${what}, light`);
    await this.page.emulateMedia({ colorScheme: 'dark' });
    await expect(this.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoAxeViolations(this.page, `${this.task}: ${what}, dark`);
    await this.page.emulateMedia({ colorScheme: 'light' });
    await expect(this.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  }

  /** Records the count in the report and holds it to the goal. */
  expectAtMost(goal: number) {
    this.testInfo.annotations.push({ type: 'taps', description: `${this.task}: ${this.count} (goal ≤ ${goal})` });
    expect(this.count, `taps for ${this.task}`).toBeLessThanOrEqual(goal);
  }
}

/** The first free time offered on the screen (the first day with free times is chosen already). */
function firstFreeTime(scope: Page | Locator): Locator {
  return scope.getByRole('group', { name: 'Free times' }).getByRole('button').first();
}

/**
 * The first free day's times belong to these tests: the ledger of diary times (diary.ts) hands out none of today's
 * or the next two days'. One test at a time takes one, from loading the times to its booking made, so two running
 * side by side (or a test's desk and phone runs) never take the same or an overlapping time.
 */
async function withFirstFreeDay(work: () => Promise<void>) {
  const lock = join(tmpDir, 'first-free-day.lock');
  mkdirSync(tmpDir, { recursive: true });
  await expect
    .poll(
      () => {
        try {
          mkdirSync(lock);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(true);
  try {
    await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

test('a new visitor books with sign-up from the home page in at most 10 taps @phone', async ({ page }, testInfo) => {
  await withFirstFreeDay(async () => {
    test.slow();
    const taps = new Taps(page, testInfo, 'new-visitor');
    await page.goto('/');
    // A price row starts the booking at its length, on the first free day's times.
    const priceRow = page.getByRole('link', { name: 'Book Swedish massage, 1 h, £70' });
    await priceRow.scrollIntoViewIfNeeded();
    await taps.shot('home');
    await taps.click(priceRow);
    const time = firstFreeTime(page);
    await expect(time).toBeVisible();
    await taps.shot('times');
    await taps.axe('the times of the first free day');
    await taps.click(time);
    await expect(page).toHaveURL(/[?&]step=details(&|$)/);
    await taps.shot('sign-in');
    await taps.click(page.getByRole('tab', { name: 'Create account' }));
    const form = page.getByRole('form', { name: 'Create account' });
    await taps.fill(form.getByRole('textbox', { name: 'Name', exact: true }), 'Nia Newcomer');
    await taps.fill(form.getByRole('textbox', { name: 'Email', exact: true }), uniqueEmail('taps-new'));
    await taps.fill(form.getByRole('textbox', { name: 'Password', exact: true }), 'Password1!');
    await taps.shot('create-account');
    await taps.click(form.getByRole('button', { name: 'Create account' }));
    const details = page.getByRole('form', { name: 'Your details' });
    await taps.fill(details.getByRole('textbox', { name: 'Phone', exact: true }), '+44 7700 900525');
    await taps.shot('details');
    await taps.click(choiceBar(page).getByRole('button', { name: 'Continue' }));
    await expect(confirmForm(page)).toBeVisible();
    await taps.shot('confirm');
    await taps.click(choiceBar(page).getByRole('button', { name: 'Confirm booking' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await taps.shot('confirmed');
    taps.expectAtMost(10);
  });
});

test('a returning signed-in client books a treatment from the home page in at most 4 taps @phone', async ({
  page,
  baseURL,
}, testInfo) => {
  await withFirstFreeDay(async () => {
    test.slow();
    // A client who booked before: their name and phone are known.
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Rhea Returning', email: uniqueEmail('taps-return'), password: 'Password1!' },
      headers: { origin: baseURL as string },
    });
    expect(signUp.ok()).toBe(true);
    const services = (await (await page.request.get('/api/services')).json()) as {
      services: { id: string; type: string }[];
    };
    const swedish = services.services.find((service) => service.type === 'swedish');
    const before = diaryTime();
    const first = await page.request.post('/api/bookings', {
      data: {
        serviceId: swedish?.id,
        durationMinutes: 60,
        startsAt: before.startsAt,
        name: 'Rhea Returning',
        phone: '+44 7700 900526',
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(first.ok(), await first.text()).toBe(true);

    const taps = new Taps(page, testInfo, 'returning-client');
    await page.goto('/');
    const priceRow = page.getByRole('link', { name: 'Book Swedish massage, 1 h, £70' });
    await priceRow.scrollIntoViewIfNeeded();
    await taps.shot('home');
    await taps.click(priceRow);
    const time = firstFreeTime(page);
    await expect(time).toBeVisible();
    await taps.shot('times');
    await taps.click(time);
    // Known details are not asked again: straight to confirming.
    await expect(confirmForm(page)).toBeVisible();
    await expect(confirmForm(page)).toContainText('+44 7700 900526');
    await expect(page.getByRole('region', { name: 'Before you confirm' })).toContainText('Changing or cancelling');
    await taps.shot('confirm');
    await taps.axe('the confirm step with its terms');
    await taps.click(choiceBar(page).getByRole('button', { name: 'Confirm booking' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await taps.shot('confirmed');
    taps.expectAtMost(4);
  });
});

test('the owner takes a phone booking for a known client from the dashboard in at most 5 taps @phone', async ({
  page,
}, testInfo) => {
  await withFirstFreeDay(async () => {
    test.slow();
    await signInAsAdmin(page);
    const name = uniqueName('Kit');
    // A client the business knows from an earlier booking.
    const slot = diaryTime();
    await phoneBooking(page.request, { date: slot.date, time: slot.time, name });

    const taps = new Taps(page, testInfo, 'phone-booking');
    await page.goto('/dashboard');
    const newBooking = page.getByRole('link', { name: 'New booking' });
    await expect(newBooking).toBeVisible();
    await taps.shot('dashboard');
    await taps.axe('the morning view');
    await taps.click(newBooking);
    const dialog = page.getByRole('dialog', { name: 'New phone booking' });
    await taps.fill(dialog.getByRole('textbox', { name: 'Find a customer' }), name);
    // The one match is chosen without a tap.
    await expect(dialog.getByRole('radio', { name })).toBeChecked();
    await taps.shot('client');
    await taps.axe('the phone booking with its tiles');
    await taps.click(dialog.getByRole('button', { name: /^Swedish massage · 1 h · / }));
    const time = firstFreeTime(dialog);
    await expect(time).toBeVisible();
    await taps.shot('times');
    await taps.click(time);
    await expect(dialog.getByText(/^Chosen: /)).toBeVisible();
    await taps.click(dialog.getByRole('button', { name: 'Book', exact: true }));
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Booked' })).toContainText(name);
    await taps.shot('booked');
    taps.expectAtMost(5);
  });
});

test('the owner takes the payment for today’s appointment from the dashboard in 1 tap @phone', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  const name = uniqueName('Tia');
  const made = await todaysUnpaidAppointment(page.request, name);
  expect(localDate(new Date(made.startsAt))).toBe(localDate(new Date()));

  const taps = new Taps(page, testInfo, 'payment');
  await page.goto('/dashboard');
  const row = page.getByRole('list', { name: "Today's appointments" }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  await taps.shot('dashboard');
  await taps.click(row.getByRole('button', { name: 'Take £70 by cash' }));
  await expect(row.getByRole('status')).toHaveText('£70 taken by cash.');
  await taps.shot('taken');
  await taps.axe('a payment taken from the morning view');
  const detail = await page.request.get(`/api/admin/bookings/${made.id}`);
  expect(((await detail.json()) as { booking: { paidPence: number } }).booking.paidPence).toBe(7000);
  taps.expectAtMost(1);
});

test('the owner moves a booking to another day on the phone in at most 4 taps @phone', async ({ page }, testInfo) => {
  test.slow();
  await signInAsAdmin(page);
  const name = uniqueName('Mo');
  // On the dashboard's eight days, and a free time on another day to move it to.
  const from = diaryTime({ withinDays: 8 });
  let to = diaryTime({ withinDays: 8 });
  // Another day of the week shown around the booking's (times handed out and not used are simply left free).
  const daysApart = () => Math.abs(Date.parse(to.date) - Date.parse(from.date)) / 86_400_000;
  for (let tries = 0; (daysApart() === 0 || daysApart() > 3) && tries < 8; tries += 1) {
    to = diaryTime({ withinDays: 8 });
  }
  await phoneBooking(page.request, { date: from.date, time: from.time, name });

  const taps = new Taps(page, testInfo, 'reschedule');
  await page.goto('/dashboard');
  const move = page.getByRole('link', { name: `Move ${name}'s booking at ${from.time}` });
  await move.scrollIntoViewIfNeeded();
  await taps.shot('dashboard');
  await taps.click(move);
  const dialog = page.getByRole('dialog', { name: 'Reschedule' });
  // Opened at the booking's own day, a week of days around it.
  await expect(dialog.getByRole('button', { name: dayText(from.date) })).toHaveAttribute('aria-pressed', 'true');
  await taps.shot('week');
  await taps.axe('the week strip');
  await taps.click(dialog.getByRole('group', { name: 'Days' }).locator(`[data-date="${to.date}"]`));
  await taps.click(dialog.getByRole('group', { name: 'Free times' }).getByRole('button', { name: to.time }));
  await taps.shot('time');
  await taps.click(dialog.getByRole('button', { name: /^Move to / }));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Moved' })).toContainText(name);
  await taps.shot('moved');
  taps.expectAtMost(4);
});
