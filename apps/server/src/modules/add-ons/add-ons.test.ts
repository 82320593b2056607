// Add-ons (issue 24, decision 079): the owner's extras, offered with the treatments they go with. Their minutes
// lengthen the booking (the free times, the diary, the no-overlap guarantee), their prices add to its price (the
// deposit, the invoice lines, the ledger), and the owner adds or removes one on the booking sheet. Runs on PGlite and
// PostgreSQL, against a local Stripe peer for the deposit.
import { type AddOn, accountCodes, type InvoiceDetail } from '@app/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, bookingAddOn, emailOutbox, journalEntry, journalLine, onlinePayment } from '../../db/schema.ts';
import { addDays } from '../../lib/zoned-time.ts';
import { bookingBody, insertBooking, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let peer: StripePeer;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let swedish: { id: string; price60: number };
let hotStones: AddOn;
let oil: AddOn;
let scalp: AddOn;
/** Each test takes its own Tuesday, so no test's bookings stand in another's way. */
let weeksAhead = 0;
const nextTuesday = () => addDays(nextWeekday(2, 3), 7 * weeksAhead++);

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000', ...peer.env() });
  owner = await signedIn(t, { role: 'admin' });
  const found = await serviceOfType(t, 'swedish');
  swedish = { id: found.id, price60: found.durations.find((d) => d.minutes === 60)?.pricePence ?? 0 };
  expect(swedish.price60).toBeGreaterThan(3000);
  // No buffer, so the arithmetic of a test reads plainly: a 60-minute treatment and a 15-minute add-on need 75 minutes.
  // A year ahead, because each test takes a Tuesday a week after the last one's: twelve of them from a Sunday end
  // beyond the default 60 days.
  const rules = await owner.call('PATCH', '/api/admin/booking-rules', { bufferMinutes: 0, horizonDays: 365 });
  expect(rules.statusCode, rules.body).toBe(200);
  const make = async (body: Record<string, unknown>) => {
    const made = await owner.call('POST', '/api/admin/add-ons', body);
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as AddOn;
  };
  hotStones = await make({ name: 'Hot stones', minutes: 15, pricePence: 1500, types: ['swedish', 'deeptissue'] });
  oil = await make({ name: 'Aromatherapy oil', minutes: 0, pricePence: 500, types: ['swedish', 'sensual'] });
  scalp = await make({ name: 'Scalp massage', minutes: 30, pricePence: 1200, types: ['swedish'] });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

async function slotsOf(date: string, addOns: string[] = []) {
  const query = new URLSearchParams({ serviceId: swedish.id, duration: '60', from: date, to: date });
  if (addOns.length) query.set('addOns', addOns.join(','));
  const answer = await t.app.inject({ method: 'GET', url: `/api/slots?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().days[0]?.slots ?? []) as string[];
}

/** The owner's phone booking of a Swedish massage for a new customer, with these add-ons. */
async function phoneBooking(startsAt: string, addOnIds: string[] = []) {
  return owner.call('POST', '/api/admin/bookings', {
    serviceId: swedish.id,
    durationMinutes: 60,
    startsAt,
    customer: { name: 'Pat Phone', email: `pat-${crypto.randomUUID()}@example.test`, phone: '+447700900555' },
    addOnIds,
    idempotencyKey: `key-${crypto.randomUUID()}`,
  });
}

describe('the owner keeps add-ons', () => {
  it('offers the visitor only add-ons not archived, and those of sensual treatments only with the discretion flag', async () => {
    const sensualOnly = (
      await owner.call('POST', '/api/admin/add-ons', {
        name: 'Warm towels',
        minutes: 5,
        pricePence: 300,
        types: ['naturist'],
      })
    ).json() as AddOn;
    const visitor = (await t.app.inject({ method: 'GET', url: '/api/add-ons' })).json().addOns as AddOn[];
    expect(visitor.map((a) => a.name)).toEqual(['Hot stones', 'Aromatherapy oil', 'Scalp massage']);
    // The oil goes with a sensual treatment too: the visitor without the flag is not told so.
    expect(visitor.find((a) => a.id === oil.id)?.types).toEqual(['swedish']);
    const flagged = (
      await t.app.inject({ method: 'GET', url: '/api/add-ons', headers: { cookie: 'showSensual=true' } })
    ).json().addOns as AddOn[];
    expect(flagged.map((a) => a.name)).toContain('Warm towels');

    const archived = await owner.call('PATCH', `/api/admin/add-ons/${sensualOnly.id}`, { archived: true });
    expect(archived.json()).toMatchObject({ archived: true });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/add-ons', headers: { cookie: 'showSensual=true' } })
    ).json().addOns as AddOn[];
    expect(after.map((a) => a.name)).not.toContain('Warm towels');
    // The owner still sees it, archived.
    const all = (await owner.call('GET', '/api/admin/add-ons')).json().addOns as AddOn[];
    expect(all.find((a) => a.id === sensualOnly.id)?.archived).toBe(true);
  });

  it('refuses an add-on without a name, with odd minutes, or going with no treatment, saying which field', async () => {
    const refused = await owner.call('POST', '/api/admin/add-ons', {
      name: ' ',
      minutes: 7,
      pricePence: -1,
      types: [],
    });
    expect(refused.statusCode).toBe(400);
    const message = refused.json().error.message as string;
    expect(message).toContain('Enter a name');
    expect(message).toContain('Minutes in fives');
    expect(message).toContain('The price cannot be negative');
    expect(message).toContain('Tick at least one treatment');
    const client = await signedIn(t);
    expect(
      (await client.call('POST', '/api/admin/add-ons', { name: 'x', minutes: 0, pricePence: 0, types: ['swedish'] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('an add-on lengthens the booking', () => {
  it('offers a 60-minute treatment with a 15-minute add-on only where 75 minutes fit', async () => {
    const date = nextTuesday();
    // Another booking at 14:00 (Tuesdays open 10:00 to 21:00).
    expect((await phoneBooking(localIso(date, '14:00'))).statusCode).toBe(201);
    const plain = await slotsOf(date);
    const withStones = await slotsOf(date, [hotStones.id]);
    expect(plain).toContain(localIso(date, '13:00'));
    expect(plain).toContain(localIso(date, '20:00'));
    expect(withStones).toContain(localIso(date, '12:45'));
    expect(withStones).not.toContain(localIso(date, '13:00'));
    expect(withStones).toContain(localIso(date, '19:45'));
    expect(withStones).not.toContain(localIso(date, '20:00'));
    // Every time offered with the add-on is one of the plain times whose 75 minutes are free.
    for (const slot of withStones) expect(plain).toContain(slot);
    // Two add-ons: their minutes add up (15 + 30).
    const both = await slotsOf(date, [hotStones.id, scalp.id]);
    expect(both).toContain(localIso(date, '12:15'));
    expect(both).not.toContain(localIso(date, '12:30'));
    // An add-on without minutes changes no time.
    expect(await slotsOf(date, [oil.id])).toEqual(plain);
  });

  it('books 75 minutes into the diary and refuses a time where they do not fit', async () => {
    const date = nextTuesday();
    expect((await phoneBooking(localIso(date, '14:00'))).statusCode).toBe(201);
    const client = await signedIn(t);
    const refused = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedish.id, localIso(date, '13:00'), { addOnIds: [hotStones.id] }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_UNAVAILABLE');
    // The alternatives offered are times where the 75 minutes fit.
    expect(refused.json().error.details.alternatives).not.toContain(localIso(date, '13:00'));

    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedish.id, localIso(date, '12:45'), { addOnIds: [hotStones.id, oil.id] }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await t.db.select().from(booking).where(eq(booking.id, made.json().id));
    expect(row?.durationMinutes).toBe(60);
    expect(row?.endsAt.toISOString()).toBe(localIso(date, '14:00'));
    expect(row?.pricePence).toBe(swedish.price60 + 1500 + 500);
    const taken = await t.db.select().from(bookingAddOn).where(eq(bookingAddOn.bookingId, made.json().id));
    expect(taken.map((a) => [a.name, a.minutes, a.pricePence]).sort()).toEqual([
      ['Aromatherapy oil', 0, 500],
      ['Hot stones', 15, 1500],
    ]);
    // The client's own booking names them, as booked, at booking and in their list.
    const names = (answer: { addOns: { name: string; minutes: number }[] }) =>
      answer.addOns.map((a) => [a.name, a.minutes]).sort();
    expect(names(made.json())).toEqual([
      ['Aromatherapy oil', 0],
      ['Hot stones', 15],
    ]);
    const mine = (await client.call('GET', '/api/bookings')).json();
    const listed = [...mine.upcoming, ...mine.past].find((b: { id: string }) => b.id === made.json().id);
    expect(names(listed)).toEqual(names(made.json()));
    expect(names((await client.call('GET', `/api/bookings/${made.json().id}`)).json())).toEqual(names(made.json()));
    // The diary now holds 12:45 to 14:00: nothing else starts at 13:30.
    expect(await slotsOf(date)).not.toContain(localIso(date, '13:30'));
    // The confirmation names them, with the whole length and price; its calendar file ends at 14:00.
    const [confirmation] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.confirmed')));
    const price = `£${((swedish.price60 + 2000) / 100).toFixed(2)}`;
    expect(confirmation?.text).toContain(`Swedish massage with Aromatherapy oil, Hot stones, 75 minutes, ${price}`);
    const file = confirmation?.attachments.find((a) => a.filename === 'booking.ics');
    const ics = Buffer.from(file?.contentBase64 ?? '', 'base64').toString();
    const utc = (iso: string) =>
      new Date(iso)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTEND:${utc(localIso(date, '14:00'))}`);
  });

  it('keeps its whole length when the booking is moved, and a move where it does not fit is refused', async () => {
    const date = nextTuesday();
    const made = (await phoneBooking(localIso(date, '10:00'), [hotStones.id])).json().booking;
    const moved = await owner.call('POST', `/api/admin/bookings/${made.id}/move`, {
      startsAt: localIso(date, '15:00'),
      version: made.version,
      notifyClient: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.endsAt).toBe(localIso(date, '16:15'));
    expect((await phoneBooking(localIso(date, '12:00'))).statusCode).toBe(201);
    // 11:00 + 75 minutes runs into the 12:00 booking; 60 minutes alone would have fitted.
    const refused = await owner.call('POST', `/api/admin/bookings/${made.id}/move`, {
      startsAt: localIso(date, '11:00'),
      version: moved.json().booking.version,
      notifyClient: false,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('refuses an add-on that does not go with the treatment, or an archived one, naming the field', async () => {
    const date = nextTuesday();
    const client = await signedIn(t);
    const deep = await serviceOfType(t, 'deeptissue');
    const wrong = await client.call('POST', '/api/bookings', {
      ...bookingBody(deep.id, localIso(date, '11:00'), { addOnIds: [scalp.id] }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('addOnIds: Scalp massage is not offered with this treatment.');
    const gone = (
      await owner.call('POST', '/api/admin/add-ons', {
        name: 'Seasonal balm',
        minutes: 0,
        pricePence: 200,
        types: ['swedish'],
      })
    ).json() as AddOn;
    await owner.call('PATCH', `/api/admin/add-ons/${gone.id}`, { archived: true });
    const archived = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedish.id, localIso(date, '11:00'), { addOnIds: [gone.id] }),
    );
    expect(archived.statusCode).toBe(400);
    expect(archived.json().error.message).toContain('no longer offered');
  });
});

describe('an add-on adds to the price', () => {
  it('the deposit the payment policy asks, before booking and when booking, is of the price with the add-ons', async () => {
    const policy = await owner.call('PUT', '/api/admin/payments/policy', {
      therapeutic: { newClient: { kind: 'deposit_percent', percent: 50 }, returningClient: { kind: 'none' } },
      sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
      freeCancellationHours: 24,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    try {
      const client = await signedIn(t);
      const total = swedish.price60 + 1500;
      const asked = await client.call(
        'GET',
        `/api/bookings/upfront?serviceId=${swedish.id}&duration=60&addOns=${hotStones.id}`,
      );
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().due).toEqual({ kind: 'deposit', amountPence: Math.round(total / 2) });
      const date = nextTuesday();
      const made = await client.call(
        'POST',
        '/api/bookings',
        bookingBody(swedish.id, localIso(date, '10:00'), { addOnIds: [hotStones.id] }),
      );
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ status: 'awaiting_payment', pricePence: total });
      const [held] = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, made.json().id));
      expect(held?.amountPence).toBe(Math.round(total / 2));
    } finally {
      await owner.call('PUT', '/api/admin/payments/policy', {
        therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
        sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
        freeCancellationHours: 24,
      });
    }
  });

  it('invoices the treatment and each add-on on its own line, and the ledger posts them to the sales of the style', async () => {
    const saved = await owner.call('PUT', '/api/admin/invoices/settings', {
      vatRegistered: true,
      vatNumber: 'GB123456789',
      vatRatePercent: 20,
      invoiceDueDays: 14,
      invoiceFooter: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const client = await signedIn(t);
    const past = await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(Date.now() - 3 * 86_400_000),
      client,
    });
    // The owner adds hot stones on the sheet afterwards: the treatment took place with them.
    const sheet = await owner.call('PUT', `/api/admin/bookings/${past.id}/add-ons`, {
      addOnIds: [hotStones.id],
      version: 1,
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().booking.pricePence).toBe(past.pricePence + 1500);

    const draft = (await owner.call('POST', `/api/admin/invoices/from-booking/${past.id}`)).json() as InvoiceDetail;
    expect(draft.lines).toHaveLength(2);
    expect(draft.lines[1]).toMatchObject({
      description: 'Hot stones (+15 min)',
      vatRateBp: 2000,
      style: 'therapeutic',
    });
    expect(draft.totalPence).toBe(past.pricePence + 1500);
    const done = (await owner.call('POST', `/api/admin/invoices/${draft.id}/issue`, {})).json() as InvoiceDetail;
    const lines = await t.db
      .select({ account: journalLine.accountCode, debit: journalLine.debitPence, credit: journalLine.creditPence })
      .from(journalLine)
      .innerJoin(journalEntry, eq(journalEntry.id, journalLine.entryId))
      .where(inArray(journalEntry.sourceId, [done.id]));
    const net = (account: string) =>
      lines.filter((l) => l.account === account).reduce((s, l) => s + l.debit - l.credit, 0);
    expect(net(accountCodes.receivables)).toBe(past.pricePence + 1500);
    expect(-net(accountCodes.salesTherapeutic) - net(accountCodes.vat)).toBe(past.pricePence + 1500);
    expect(-net(accountCodes.salesTherapeutic)).toBe(draft.lines.reduce((s, l) => s + l.unitPricePence, 0));
  });
});

describe('the owner changes the add-ons on the booking sheet', () => {
  it('adds one where the longer booking fits, refuses with the end time where it does not, and removes one', async () => {
    const date = nextTuesday();
    const first = (await phoneBooking(localIso(date, '12:00'))).json().booking;
    expect((await phoneBooking(localIso(date, '13:15'))).statusCode).toBe(201);
    // 12:00 + 60 + 15 = 13:15: hot stones fit exactly.
    const added = await owner.call('PUT', `/api/admin/bookings/${first.id}/add-ons`, {
      addOnIds: [hotStones.id],
      version: first.version,
    });
    expect(added.statusCode, added.body).toBe(200);
    const sheet = added.json();
    expect(sheet.booking.endsAt).toBe(localIso(date, '13:15'));
    expect(sheet.booking.pricePence).toBe(swedish.price60 + 1500);
    expect(sheet.addOns.map((a: { name: string }) => a.name)).toEqual(['Hot stones']);
    // Scalp massage's 30 minutes more would run into the 13:15 booking.
    const tooLong = await owner.call('PUT', `/api/admin/bookings/${first.id}/add-ons`, {
      addOnIds: [hotStones.id, scalp.id],
      version: sheet.booking.version,
    });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().error.message).toBe(
      'With this add-on the booking would end at 13:45 and run into another booking or time off. Move it to a longer gap first, or leave the add-on off.',
    );
    // A sheet left open since the first change is told to reload.
    const stale = await owner.call('PUT', `/api/admin/bookings/${first.id}/add-ons`, {
      addOnIds: [],
      version: first.version,
    });
    expect(stale.statusCode).toBe(409);
    const removed = await owner.call('PUT', `/api/admin/bookings/${first.id}/add-ons`, {
      addOnIds: [],
      version: sheet.booking.version,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().booking).toMatchObject({ endsAt: localIso(date, '13:00'), pricePence: swedish.price60 });
    expect(removed.json().addOns).toEqual([]);
  });

  it('refuses an add-on that would run past the day’s opening hours', async () => {
    const date = nextTuesday();
    const late = (await phoneBooking(localIso(date, '20:00'))).json().booking;
    const refused = await owner.call('PUT', `/api/admin/bookings/${late.id}/add-ons`, {
      addOnIds: [hotStones.id],
      version: late.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('would end at 21:15, after your opening hours');
  });

  it('keeps a booking’s snapshot when the owner edits or archives the add-on', async () => {
    const date = nextTuesday();
    const balm = (
      await owner.call('POST', '/api/admin/add-ons', {
        name: 'Foot balm',
        minutes: 10,
        pricePence: 800,
        types: ['swedish'],
      })
    ).json() as AddOn;
    const made = (await phoneBooking(localIso(date, '15:00'), [balm.id])).json();
    expect(made.booking.pricePence).toBe(swedish.price60 + 800);
    await owner.call('PATCH', `/api/admin/add-ons/${balm.id}`, { name: 'Peppermint foot balm', pricePence: 1000 });
    await owner.call('PATCH', `/api/admin/add-ons/${balm.id}`, { archived: true });
    const sheet = (await owner.call('GET', `/api/admin/bookings/${made.booking.id}`)).json();
    expect(sheet.addOns).toEqual([
      { addOnId: balm.id, name: 'Foot balm', minutes: 10, pricePence: 800, vatRateBp: expect.any(Number) },
    ]);
    expect(sheet.booking.pricePence).toBe(swedish.price60 + 800);
  });
});

describe('take-up', () => {
  it('counts the bookings that took each add-on of those it was offered with', async () => {
    const date = nextTuesday();
    await phoneBooking(localIso(date, '10:00'), [hotStones.id]);
    await phoneBooking(localIso(date, '12:00'));
    const answer = await owner.call('GET', `/api/admin/add-ons/take-up?from=${date}&to=${date}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const stones = answer.json().addOns.find((a: { id: string }) => a.id === hotStones.id);
    expect(stones).toMatchObject({ taken: 1, offered: 2, revenuePence: 1500 });
    const scalpUp = answer.json().addOns.find((a: { id: string }) => a.id === scalp.id);
    expect(scalpUp).toMatchObject({ taken: 0, offered: 2 });
  });
});
