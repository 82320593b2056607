/**
 * The owner's other calendars as busy time, read from a local HTTP server that answers like Google's secret iCal
 * address (ETag, 304). The fetch refuses private addresses unless the test's own peer is explicitly allowed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideCalendar } from '../../db/schema.ts';
import { localIso, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { listSlots } from '../availability/availability.service.ts';
import { refreshOutsideCalendar } from './outside-calendars.service.ts';
import { fetchCalendar, mayConnectTo } from './safe-fetch.ts';

type Route = (request: IncomingMessage, response: ServerResponse) => void;
const routes = new Map<string, Route>();
let peer: Server;
let base: string;
let t: TestApp;
let swedishId: string;

beforeAll(async () => {
  peer = createServer((request, response) => {
    const route = routes.get(request.url ?? '');
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(peer.address() as { port: number }).port}`;
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', OUTSIDE_CALENDAR_ALLOW_ADDRESSES: '127.0.0.1' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => peer.close(resolve));
});

let served = 0;
/** Serves a calendar at a path of its own, with an ETag, answering 304 when asked with it again. */
function serveCalendar(events: string, etag = `"v${++served}"`): string {
  const path = `/calendar/${served}-${Math.random().toString(36).slice(2)}/basic.ics`;
  routes.set(path, (request, response) => {
    if (request.headers['if-none-match'] === etag) return response.writeHead(304).end();
    response
      .writeHead(200, { 'content-type': 'text/calendar', etag })
      .end(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events.trim().replace(/\r?\n/g, '\r\n')}\r\nEND:VCALENDAR\r\n`);
  });
  return `${base}${path}`;
}

// Tuesdays at 10:00 London time, across the clock change of 31 October 2027 (BST, then GMT).
const WEEKLY_PILATES = `BEGIN:VEVENT
UID:pilates-${Math.random()}@google.com
DTSTART;TZID=Europe/London:20271019T100000
DTEND;TZID=Europe/London:20271019T110000
RRULE:FREQ=WEEKLY;COUNT=3
SUMMARY:Pilates with Jo
END:VEVENT`;

const october = Date.parse('2027-10-05T09:00:00Z');
const slotsOn = async (date: string) => {
  const { days } = await listSlots(t.db, {
    timeZone: 'Europe/London',
    query: { serviceId: swedishId, duration: 60, durationMinutes: 60, from: date, to: date },
    now: october,
  });
  return days[0]?.slots ?? [];
};

describe("the owner's other calendars", () => {
  it('removes the slots of a weekly personal event on both sides of the October clock change', async () => {
    const before = await slotsOn('2027-10-26');
    expect(before).toContain(localIso('2027-10-26', '10:00'));
    const owner = await signedIn(t, { role: 'admin' });
    const added = await owner.call('POST', '/api/admin/outside-calendars', {
      label: 'Personal',
      url: serveCalendar(WEEKLY_PILATES),
    });
    expect(added.statusCode, added.body).toBe(201);
    // Read at once on adding, but from today's real clock: read again as of early October 2027.
    const { id } = added.json() as { id: string };
    await refreshOutsideCalendar({ ...t.context, now: () => october }, id);

    for (const date of ['2027-10-19', '2027-10-26', '2027-11-02']) {
      const slots = await slotsOn(date);
      // 10:00 to 11:00 local is busy: no 60-minute treatment may start from 09:15 (a 15-minute buffer) to 10:45.
      expect(slots, date).not.toContain(localIso(date, '10:00'));
      expect(slots, date).not.toContain(localIso(date, '10:30'));
      expect(slots, date).toContain(localIso(date, '11:15'));
    }
    expect(localIso('2027-10-26', '10:00')).toBe('2027-10-26T09:00:00.000Z');
    expect(localIso('2027-11-02', '10:00')).toBe('2027-11-02T10:00:00.000Z');
    // The Tuesday after the last occurrence is open again.
    expect(await slotsOn('2027-11-09')).toContain(localIso('2027-11-09', '10:00'));
  });

  it('shows the owner "Busy (personal)" times with their titles, and the lodger only busy', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const added = await owner.call('POST', '/api/admin/outside-calendars', {
      label: 'Family',
      url: serveCalendar(`BEGIN:VEVENT
UID:school-${Math.random()}@icloud.com
DTSTART:20280104T130000Z
DTEND:20280104T140000Z
SUMMARY:Parents evening
END:VEVENT`),
    });
    const { id } = added.json() as { id: string };
    await refreshOutsideCalendar({ ...t.context, now: () => Date.parse('2027-12-20T09:00:00Z') }, id);
    const diary = await owner.call('GET', '/api/availability/calendar?from=2028-01-04&to=2028-01-04');
    expect(diary.json().personal).toEqual([
      { start: '2028-01-04T13:00:00.000Z', end: '2028-01-04T14:00:00.000Z', title: 'Parents evening' },
    ]);
    const lodger = await signedIn(t, { role: 'lodger' });
    const seen = await lodger.call('GET', '/api/availability/calendar?from=2028-01-04&to=2028-01-04');
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('Parents evening');
    expect(seen.json().personal).toBeUndefined();
    expect(seen.json().busy).toContainEqual({ start: '2028-01-04T13:00:00.000Z', end: '2028-01-04T14:00:00.000Z' });
  });

  it('keeps the last good copy and shows the calendar as stale with the error when it fails', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const url = serveCalendar(`BEGIN:VEVENT
UID:gym-${Math.random()}@google.com
DTSTART:20280111T150000Z
DTEND:20280111T160000Z
SUMMARY:Gym
END:VEVENT`);
    const added = await owner.call('POST', '/api/admin/outside-calendars', { label: 'Gym', url });
    const { id } = added.json() as { id: string };
    const december = { ...t.context, now: () => Date.parse('2027-12-20T09:00:00Z') };
    await refreshOutsideCalendar(december, id);
    // Unchanged (304 to the ETag): still fresh.
    await refreshOutsideCalendar(december, id);
    let [listed] = ((await owner.call('GET', '/api/admin/outside-calendars')).json() as { id: string }[]).filter(
      (c) => c.id === id,
    );
    expect(listed).toMatchObject({ lastError: null, busyCount: 1 });

    routes.set(new URL(url).pathname, (_request, response) => response.writeHead(500).end('down'));
    await refreshOutsideCalendar(december, id);
    [listed] = ((await owner.call('GET', '/api/admin/outside-calendars')).json() as { id: string }[]).filter(
      (c) => c.id === id,
    );
    expect(listed).toMatchObject({ stale: true, lastError: "The calendar's server answered 500.", busyCount: 1 });
    const board = await owner.call('GET', '/api/admin/dashboard');
    expect(board.json().staleCalendars).toContainEqual(
      expect.objectContaining({ id, label: 'Gym', lastError: "The calendar's server answered 500." }),
    );
    const { days } = await listSlots(t.db, {
      timeZone: 'Europe/London',
      query: { serviceId: swedishId, duration: 60, durationMinutes: 60, from: '2028-01-11', to: '2028-01-11' },
      now: december.now(),
    });
    expect(days[0]?.slots).not.toContain('2028-01-11T15:00:00.000Z');
    expect(days[0]?.slots).toContain('2028-01-11T16:15:00.000Z');
  });

  it('refuses an address that is not a calendar link, and lets only the owner add one', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const ftp = await owner.call('POST', '/api/admin/outside-calendars', {
      label: 'x',
      url: 'ftp://example.com/a.ics',
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error.message).toMatch(/https:\/\//);
    const client = await signedIn(t);
    const refused = await client.call('POST', '/api/admin/outside-calendars', { label: 'x', url: serveCalendar('') });
    expect(refused.statusCode).toBe(403);
    const gone = await owner.call('DELETE', '/api/admin/outside-calendars/00000000-0000-4000-8000-000000000000');
    expect(gone.statusCode).toBe(404);
  });

  it('removes the busy times with the calendar', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const added = await owner.call('POST', '/api/admin/outside-calendars', {
      label: 'Old',
      url: serveCalendar(WEEKLY_PILATES.replace('pilates-', 'old-')),
    });
    const { id } = added.json() as { id: string };
    const removed = await owner.call('DELETE', `/api/admin/outside-calendars/${id}`);
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(outsideCalendar).where(eq(outsideCalendar.id, id))).toEqual([]);
  });
});

describe('the fetch of an outside calendar', () => {
  const strict = { maxBytes: 1_000_000, timeoutMs: 5_000, allowedAddresses: [] };
  const none = { etag: null, lastModified: null };

  it('refuses loopback, private, link-local and unique-local addresses', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1'])
      expect(mayConnectTo(address, []), address).toBe(false);
    expect(mayConnectTo('::ffff:127.0.0.1', []), 'an IPv4-mapped loopback').toBe(false);
    expect(mayConnectTo('8.8.8.8', [])).toBe(true);
    await expect(fetchCalendar(serveCalendar(''), none, strict)).rejects.toThrow(/private or local/);
    await expect(
      fetchCalendar('http://localhost:1/a.ics', none, strict),
      'a name resolving to loopback',
    ).rejects.toThrow(/private or local/);
    await expect(fetchCalendar('http://[::1]:1/a.ics', none, strict)).rejects.toThrow(/private or local/);
  });

  it('refuses a redirect to a private address, even from an allowed one', async () => {
    const path = `/redirect-${Math.random()}`;
    routes.set(path, (_request, response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    await expect(fetchCalendar(`${base}${path}`, none, { ...strict, allowedAddresses: ['127.0.0.1'] })).rejects.toThrow(
      /169\.254\.169\.254 is a private or local address/,
    );
  });

  it('gives up on an answer larger than the limit, told or not', async () => {
    const big = `/big-${Math.random()}`;
    routes.set(big, (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      // Streamed without a length: the limit is counted as the bytes arrive.
      for (let i = 0; i < 40; i++) response.write('X'.repeat(64 * 1024));
      response.end();
    });
    const limits = { ...strict, maxBytes: 1_000_000, allowedAddresses: ['127.0.0.1'] };
    await expect(fetchCalendar(`${base}${big}`, none, limits)).rejects.toThrow(/larger than 1 MB/);
    const told = `/told-${Math.random()}`;
    routes.set(told, (_request, response) => response.writeHead(200, { 'content-length': 5_000_000 }).end());
    await expect(fetchCalendar(`${base}${told}`, none, limits)).rejects.toThrow(/larger than 1 MB/);
  });
});
