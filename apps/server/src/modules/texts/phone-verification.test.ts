/**
 * Verified phone numbers: a 6-digit code by text (through the Twilio peer), stored hashed, expiring, limited per
 * number and per address; the owner's screening of new clients; "phone verified" on the booking sheet.
 */
import { toE164 } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneVerification, textOutbox } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { startTwilioPeer, TEST_TWILIO, type TwilioPeer } from '../../test/twilio-peer.ts';

let peer: TwilioPeer;
let t: TestApp;
let swedishId: string;

beforeAll(async () => {
  peer = await startTwilioPeer(TEST_TWILIO);
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', TRUST_PROXY: 'true', ...peer.env() });
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

function newMobile(): { typed: string; e164: string } {
  const typed = `07911 ${String(100000 + Math.floor(Math.random() * 800000))}`;
  const e164 = toE164(typed);
  return e164 ? { typed, e164 } : newMobile();
}

let address = 10;
/** A person signed in, calling from an address of their own (the per-address limit counts by it). */
async function person(role: 'user' | 'admin' = 'user', from = `203.0.113.${address++}`) {
  const who = await signedIn(t, { role });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: {
        origin: 'http://localhost:3000',
        cookie: Object.entries(who.agent.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        'x-forwarded-for': from,
      },
    });
  return { ...who, call, from };
}

/** The code the client would read on their phone: the last text queued to the number. */
async function codeSentTo(e164: string) {
  const rows = await t.db.select().from(textOutbox).where(eq(textOutbox.recipient, e164));
  const body = rows.filter((row) => row.kind === 'phone.code').at(-1)?.body ?? '';
  return /\b(\d{6})\b/.exec(body)?.[1] ?? '';
}

describe('verified phone numbers', () => {
  it('verifies a number with the 6-digit code texted to it, stored only as a hash', async () => {
    const client = await person();
    const mobile = newMobile();
    const asked = await client.call('POST', '/api/account/phone/code', { phone: mobile.typed });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await codeSentTo(mobile.e164);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.db.select().from(phoneVerification).where(eq(phoneVerification.phone, mobile.e164));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrong = await client.call('POST', '/api/account/phone/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const right = await client.call('POST', '/api/account/phone/verify', { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ phone: mobile.e164, phoneVerified: true });
    // A code is used once.
    expect((await client.call('POST', '/api/account/phone/verify', { code })).statusCode).toBe(400);
  });

  it('refuses a number that cannot be texted, with a clear message', async () => {
    const client = await person();
    const answer = await client.call('POST', '/api/account/phone/code', { phone: '12345' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toMatch(/not a phone number we can text/);
  });

  it('lets a code expire, and ends a code after five wrong guesses', async () => {
    const client = await person();
    const mobile = newMobile();
    await client.call('POST', '/api/account/phone/code', { phone: mobile.typed });
    const code = await codeSentTo(mobile.e164);
    const other = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await client.call('POST', '/api/account/phone/verify', { code: other });
    expect((await client.call('POST', '/api/account/phone/verify', { code })).statusCode).toBe(400);

    const later = newMobile();
    await client.call('POST', '/api/account/phone/code', { phone: later.typed });
    const fresh = await codeSentTo(later.e164);
    await t.db
      .update(phoneVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerification.phone, later.e164));
    expect((await client.call('POST', '/api/account/phone/verify', { code: fresh })).statusCode).toBe(400);
  });

  it('limits codes per number and per address', async () => {
    const mobile = newMobile();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const someone = await person();
      statuses.push((await someone.call('POST', '/api/account/phone/code', { phone: mobile.typed })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const client = await person();
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 6; i++)
      fromOneAddress.push(
        (await client.call('POST', '/api/account/phone/code', { phone: newMobile().typed })).statusCode,
      );
    // Five an hour per account (and ten per address).
    expect(fromOneAddress).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits codes to ten an hour from one address, whoever asks, while another address may still ask', async () => {
    const shared = `198.51.100.${address++}`;
    const fromShared: number[] = [];
    for (const someone of [await person('user', shared), await person('user', shared), await person('user', shared)])
      for (let i = 0; i < 4; i++)
        fromShared.push(
          (await someone.call('POST', '/api/account/phone/code', { phone: newMobile().typed })).statusCode,
        );
    // Four each (under the five an account): the first two accounts use the address's ten, the third is refused.
    expect(fromShared).toEqual([...Array(10).fill(200), 429, 429]);
    const refused = await (await person('user', shared)).call('POST', '/api/account/phone/code', {
      phone: newMobile().typed,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/Too many codes/);

    const elsewhere = await person();
    const mobile = newMobile();
    expect((await elsewhere.call('POST', '/api/account/phone/code', { phone: mobile.typed })).statusCode).toBe(200);
    expect(await codeSentTo(mobile.e164)).toMatch(/^\d{6}$/);
  });

  it("lets the owner require a verified number of new clients, and shows 'phone verified' on the sheet", async () => {
    const owner = await person('admin');
    expect((await owner.call('PUT', '/api/admin/text-settings', { requireVerifiedPhone: true })).statusCode).toBe(200);
    try {
      const client = await person();
      const mobile = newMobile();
      const body = bookingBody(swedishId, localIso(nextWeekday(2, 20), '16:00'), { phone: mobile.typed });
      const refused = await client.call('POST', '/api/bookings', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/verify your mobile number/);

      await client.call('POST', '/api/account/phone/code', { phone: mobile.typed });
      await client.call('POST', '/api/account/phone/verify', { code: await codeSentTo(mobile.e164) });
      const made = await client.call('POST', '/api/bookings', body);
      expect(made.statusCode, made.body).toBe(201);
      const sheet = await owner.call('GET', `/api/admin/bookings/${made.json().id}/texts`);
      expect(sheet.json()).toMatchObject({ phoneVerified: true });
      expect(sheet.json().texts[0]).toMatchObject({ kind: 'booking.confirmed', recipient: mobile.e164 });
    } finally {
      await owner.call('PUT', '/api/admin/text-settings', { requireVerifiedPhone: false });
    }
  });
});
