import type { AdminBooking, Service, SlotsResponse } from '@app/shared';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { localDate, londonInstant, TIME_ZONE } from '../support/dates.ts';
import type { DiaryTime } from '../support/diary.ts';
import { expect, freshClientIp } from '../support/fixtures.ts';

export { londonInstant, TIME_ZONE };

export function uniqueName(first: string): string {
  return `${first} ${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
}

export async function serviceByType(request: APIRequestContext, type: string): Promise<Service> {
  const response = await request.get('/api/admin/services');
  if (!response.ok()) throw new Error(`services: ${response.status()}`);
  const { services } = (await response.json()) as { services: Service[] };
  const found = services.find((service) => service.type === type);
  if (!found) throw new Error(`no ${type} service`);
  return found;
}

/** A booking the admin takes on the phone for a new customer, through the API (the page's `request` is signed in). */
export async function phoneBooking(
  request: APIRequestContext,
  { date, time, name, type = 'swedish' }: { date: string; time: string; name: string; type?: string },
): Promise<AdminBooking> {
  const service = await serviceByType(request, type);
  const response = await request.post('/api/admin/bookings', {
    data: {
      serviceId: service.id,
      durationMinutes: 60,
      startsAt: londonInstant(date, time),
      customer: {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.test`,
        phone: '+44 7700 900111',
      },
      adultConfirmed: type === 'sensual',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  if (!response.ok()) throw new Error(`phone booking: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { booking: AdminBooking }).booking;
}

/**
 * An unpaid appointment of today, for the dashboard's "take the payment" tests: one at midnight, recorded afterwards
 * (it holds no diary time, so any number may share it), or in the first hour of the day, while midnight's hour is not
 * over yet, one later today. The diary ledger hands out none of today's times, but other tests may take them (a
 * client's funnel offers the first free day), and up to four of these run at once: each takes a time the diary still
 * offers, and the next one when another test took it meanwhile. On a day the diary does not open (the e2e business
 * closes on Sundays), it opens today from 03:00 (past the two hours' notice) for as long as it takes to book.
 */
export async function todaysUnpaidAppointment(request: APIRequestContext, name: string): Promise<AdminBooking> {
  const today = localDate(new Date());
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
  );
  if (hour >= 1) return phoneBooking(request, { date: today, time: '00:00', name });
  const laterToday = await bookLaterToday(request, today, name);
  if (laterToday) return laterToday;
  const opened = await request.post('/api/admin/overrides', {
    data: { date: today, kind: 'extra', ranges: [{ start: '03:00', end: '24:00' }], note: name },
  });
  if (!opened.ok()) throw new Error(`extra hours: ${opened.status()} ${await opened.text()}`);
  const { id } = (await opened.json()) as { id: string };
  const booked = await bookLaterToday(request, today, name).catch((error: unknown) => error as Error);
  const closed = await request.delete(`/api/admin/overrides/${id}`);
  if (!closed.ok()) throw new Error(`closing the extra hours: ${closed.status()}`);
  if (booked instanceof Error) throw booked;
  if (!booked) throw new Error("no free time left today for today's appointment");
  return booked;
}

/** A time today the diary still offers, booked; null when none is left. */
async function bookLaterToday(request: APIRequestContext, today: string, name: string): Promise<AdminBooking | null> {
  const swedish = await serviceByType(request, 'swedish');
  const answer = await request.get(`/api/slots?serviceId=${swedish.id}&duration=60&from=${today}&to=${today}`);
  if (!answer.ok()) throw new Error(`slots: ${answer.status()} ${await answer.text()}`);
  const { days } = (await answer.json()) as SlotsResponse;
  const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
  // From a random one on, so the tests running at once do not all reach for the same time first.
  const offered = (days[0]?.slots ?? []).map((at) => londonTime.format(new Date(at)));
  const start = Math.floor(Math.random() * offered.length);
  for (const time of [...offered.slice(start), ...offered.slice(0, start)]) {
    try {
      return await phoneBooking(request, { date: today, time, name });
    } catch (error) {
      if (!String(error).includes('SLOT_UNAVAILABLE')) throw error;
    }
  }
  return null;
}

/**
 * A new client's sensual booking, which waits for approval: a browser of their own that opened /sensual (the
 * discretion flag), signs up and books `slot` (from diaryTime()) through the API, after checking it is offered.
 */
export async function pendingSensualBooking(browser: Browser, baseURL: string, slot: DiaryTime, name: string) {
  const { date, startsAt } = slot;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });
  try {
    const page = await context.newPage();
    await page.goto('/sensual');
    // The app sets the flag once it starts, which is after the first paint: wait for the cookie.
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'showSensual')).toBe(true);
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.test`;
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { name, email, password: 'Password1!' },
      // better-auth refuses cookie-setting calls without an Origin, as a browser's form would send.
      headers: { origin: baseURL },
    });
    if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
    const services = (await (await page.request.get('/api/services')).json()) as { services: Service[] };
    const sensual = services.services.find((service) => service.type === 'sensual');
    if (!sensual) throw new Error('the sensual service is not offered with the flag set');
    const slots = (await (
      await page.request.get(`/api/slots?serviceId=${sensual.id}&duration=60&from=${date}&to=${date}`)
    ).json()) as { days: { date: string; slots: string[] }[] };
    const free = (slots.days[0]?.slots ?? []).map((at) => Date.parse(at));
    if (!free.includes(Date.parse(startsAt))) throw new Error(`${startsAt} is not offered for a sensual massage`);
    const booked = await page.request.post('/api/bookings', {
      data: {
        serviceId: sensual.id,
        durationMinutes: 60,
        startsAt,
        name,
        phone: '+44 7700 900222',
        adultConfirmed: true,
        idempotencyKey: crypto.randomUUID(),
      },
    });
    if (!booked.ok()) throw new Error(`booking: ${booked.status()} ${await booked.text()}`);
    const booking = (await booked.json()) as { id: string; status: string; startsAt: string };
    if (booking.status !== 'pending') throw new Error(`expected a pending booking, got ${booking.status}`);
    return booking;
  } finally {
    await context.close();
  }
}

/** A calendar event (FullCalendar renders each as a link-like harness) by its visible title. */
export function calendarEvent(page: Page, text: string): Locator {
  return page.locator('.fc-timegrid-event-harness').filter({ hasText: text }).locator('.fc-event');
}

/**
 * Waits until the diary itself is under the point, as a person waits for a closing dialog's veil to fade before
 * touching the diary behind it: the dialog is hidden before its overlay has gone, and a tap or a drag begun on the
 * overlay is lost.
 */
export async function untilDiaryUnder(page: Page, x: number, y: number) {
  await expect
    .poll(() =>
      page.evaluate((at) => Boolean(document.elementFromPoint(at.x, at.y)?.closest('.fc-timegrid-body')), { x, y }),
    )
    .toBe(true);
}

/** Drags an event that starts at `fromTime` on `date` to `toTime` the same day, in the time grid. */
export async function dragEventTo(page: Page, event: Locator, date: string, fromTime: string, toTime: string) {
  const lane = (time: string) => page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  // The half hour between the two in the middle of the screen, so both are on it (a phone's half-hour rows are 48 px
  // tall: five hours apart, the target centred would leave the booking above the screen), and away from its edges,
  // where FullCalendar scrolls the page under the pointer. Instantly: measured during a smooth scroll, the boxes would
  // be off by however far it had got.
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const middle = Math.round((minutes(fromTime) + minutes(toTime)) / 60) * 30;
  const middleTime = `${String(Math.floor(middle / 60)).padStart(2, '0')}:${String(middle % 60).padStart(2, '0')}`;
  await lane(middleTime).evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  const eventBox = await event.boundingBox();
  const column = await page.locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const source = await lane(fromTime).boundingBox();
  const target = await lane(toTime).boundingBox();
  if (!eventBox || !column || !source || !target) throw new Error('calendar not laid out');
  // Grabbed in the first quarter hour of the half-hour row. FullCalendar follows the centre of the grabbed row, not
  // the pointer (useEventCenter), so the pointer is released a quarter of a row above where the drop is meant.
  const quarter = source.height / 4;
  const grab = { x: column.x + column.width / 2, y: source.y + quarter };
  await untilDiaryUnder(page, grab.x, grab.y);
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  // Past FullCalendar's drag threshold sideways first, then to the target.
  await page.mouse.move(grab.x + 10, grab.y, { steps: 4 });
  await page.mouse.move(grab.x, target.y + 1, { steps: 15 });
  await page.mouse.up();
}
