import { createServer, type Server } from 'node:http';
import type { Browser, Page } from '@playwright/test';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { choiceBar, continueWithDetails, pickDay, signUpInline } from '../booking/booking.ts';
import { signInAsAdmin, uniqueEmail } from '../support/auth.ts';
import { freshClientIp } from '../support/client-ip.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { TWILIO_PEER_PORT } from '../support/paths.ts';

type PeerText = { to: string; body: string };

/** A calendar server of the test's own, answering like Google's secret iCal address. */
async function serveCalendar(ics: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/calendar/private-e2e/basic.ics`,
    server,
  };
}

/** A UK mobile number of this test's own that can be texted (not every block of 07911 is allocated). */
function textableMobile(): { typed: string; e164: string } {
  for (;;) {
    const typed = `07911 ${String(100000 + Math.floor(Math.random() * 800000))}`;
    const parsed = parsePhoneNumberFromString(typed, 'GB');
    if (parsed?.isValid()) return { typed, e164: parsed.number };
  }
}

const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

async function textsTo(number: string): Promise<PeerText[]> {
  const answer = await fetch(`http://127.0.0.1:${TWILIO_PEER_PORT}/__peer/texts`);
  return ((await answer.json()) as PeerText[]).filter((text) => text.to === number);
}

/**
 * Picks a day of this month or the next on /book. The calendar opens on the first day with free times once the slots
 * arrive: waiting for that first, pickDay does not turn past a near day while the calendar is still loading.
 */
async function pickNearDay(page: Page, date: string) {
  await expect(page).toHaveURL(/[?&]duration=60&step=day/);
  await expect(page.getByRole('group', { name: 'Free times' })).toBeVisible();
  await pickDay(page, date);
}

/** The free times of a day as the client's booking page shows them. */
async function freeTimesOn(browser: Browser, baseURL: string, date: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });
  const page = await context.newPage();
  await page.goto('/book?style=therapeutic&type=swedish');
  await page.getByRole('radio', { name: '1 h, £70' }).click();
  await pickNearDay(page, date);
  // The day may be in a month still loading: read its times once the calendar has them, not the moment it is clicked.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const freeTimes = page.getByRole('group', { name: 'Free times' });
  await expect(freeTimes.getByRole('button').first()).toBeVisible();
  const times = await freeTimes.getByRole('button').allTextContents();
  await context.close();
  return times.map((t) => t.trim());
}

async function addCalendar(owner: Page, url: string) {
  await owner.goto('/availability');
  await owner.getByRole('button', { name: 'Your other calendars' }).click();
  await owner.getByRole('textbox', { name: 'Name' }).fill('Personal');
  await owner.getByRole('textbox', { name: 'Private address in iCal format' }).fill(url);
  await owner.getByRole('button', { name: 'Add calendar' }).click();
  await expect(owner.getByRole('list', { name: 'Your other calendars' })).toContainText('1 busy time ahead');
}

test.use({ paymentPolicy: 'ignores' });

test("the owner's personal event hides its times and a client gets a confirmation and a reminder text", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // A two-hour cell of this test's own, within eight days; the owner's dentist takes its first quarter hour.
  const cell = diaryTime({ withinDays: 8 });
  const start = cell.startsAt;
  const dentistEnds = new Date(Date.parse(start) + 15 * 60_000).toISOString();
  // Cells start on the hour: a quarter past is the next free time once the dentist takes the first quarter.
  const laterTime = cell.time.replace(':00', ':15');
  const { url, server } = await serveCalendar(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'BEGIN:VEVENT',
      `UID:dentist-${Date.now()}@google.com`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(dentistEnds)}`,
      'SUMMARY:Dentist',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
  try {
    expect(await freeTimesOn(browser, baseURL ?? '', cell.date)).toContain(cell.time);

    await signInAsAdmin(page);
    await addCalendar(page, url);
    await page.goto('/business');
    await page.getByRole('textbox', { name: /Reminder texts/ }).fill('240');
    await page.getByRole('button', { name: 'Save texts' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved. The next texts' })).toBeVisible();

    const times = await freeTimesOn(browser, baseURL ?? '', cell.date);
    expect(times).not.toContain(cell.time);
    expect(times).toContain(laterTime);

    const clientContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
    });
    const client = await clientContext.newPage();
    await client.goto('/book?style=therapeutic&type=swedish');
    await client.getByRole('radio', { name: '1 h, £70' }).click();
    await pickNearDay(client, cell.date);
    await client
      .getByRole('group', { name: 'Free times' })
      .getByRole('button')
      .filter({ hasText: new RegExp(`^\\s*${laterTime}\\s*$`) })
      .click();
    await signUpInline(client, 'Tess Texter', uniqueEmail('texts'));
    const mobile = textableMobile();
    await continueWithDetails(client, mobile.typed);
    await choiceBar(client).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(client.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await clientContext.close();

    const number = mobile.e164;
    await expect(async () => {
      const bodies = (await textsTo(number)).map((text) => text.body);
      expect(bodies.some((b) => b.startsWith('Your appointment with'))).toBe(true);
      expect(bodies.some((b) => b.startsWith('Reminder: your appointment with'))).toBe(true);
      expect(bodies.join(' ')).not.toMatch(/swedish|massage/i);
    }).toPass({ timeout: 120_000, intervals: [2_000] });

    // The owner sees the personal time in the diary as theirs.
    await page.goto(`/availability?date=${cell.date}`);
    await expect(page.getByText('Busy (personal): Dentist').first()).toBeVisible();
    // Removed again, so a retry starts as this attempt did.
    await page.goto('/availability');
    await page.getByRole('button', { name: 'Your other calendars' }).click();
    await page.getByRole('button', { name: 'Remove calendar Personal' }).first().click();
    await expect(page.getByText('No calendars added.')).toBeVisible();
  } finally {
    server.close();
  }
});
