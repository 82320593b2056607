import { statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClientRecord, type MyQuestionnaire, NOTE_EDIT_WINDOW_MS } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../app.ts';
import { auditLog, booking as bookingTable, emailOutbox, healthRecord, treatmentNote } from '../../db/schema.ts';
import { EnvError, parseEnv } from '../../env.ts';
import { startupFailureText } from '../../server.ts';
import { bookingBody, insertBooking, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { auditOf } from '../audit/audit.service.ts';
import { seal, unseal } from './records-crypto.ts';
import { resolveRecordsKey } from './records-key.ts';
import { deleteExpiredRecords } from './records-retention.ts';
import { amendTreatmentNote, editTreatmentNote, writeTreatmentNote } from './treatment-notes.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  owner = await signedIn(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

/** Words a client writes about their health: none may appear in a table, nor to anyone but the owner and them. */
const HEALTH = { medication: 'Warfarin daily', avoid: 'Left knee replacement', note: 'Tight trapezius noted' };

const answers = (extra: Record<string, string> = {}) => ({
  surgery: 'no',
  clots: 'no',
  pregnant: 'no',
  heart: 'no',
  skin: 'no',
  allergies: 'no',
  pressure: 'Medium',
  medication: HEALTH.medication,
  ...extra,
});

let offset = 0;
/** A past appointment of its own for each call, so no two tests share a diary time. */
async function pastBooking(client: { id: string; email: string }, daysAgo = 2) {
  offset += 1;
  const startsAt = new Date(Date.now() - daysAgo * 86_400_000 - offset * 7_200_000);
  return insertBooking(t, { type: 'swedish', status: 'completed', startsAt, client });
}

async function fill(client: Awaited<ReturnType<typeof signedIn>>, extra: Record<string, string> = {}) {
  const response = await client.call('POST', '/api/records/questionnaire', {
    answers: answers(extra),
    signatureName: 'Sam Q Client',
    consent: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

const deps = () => ({ db: t.db, recordsKey: t.context.recordsKey });
const actorOf = (person: Awaited<ReturnType<typeof signedIn>>) => ({
  id: person.id,
  email: person.email,
  name: 'Owner Therapist',
  role: 'admin' as const,
  phone: null,
});

describe('the health questionnaire and consent', () => {
  it('asks a new client for the questionnaire, then counts it up to date once signed', async () => {
    const client = await signedIn(t);
    const before = (await client.call('GET', '/api/records/questionnaire')).json() as MyQuestionnaire;
    expect(before.status).toBe('missing');
    expect(before.questions.map((q) => q.id)).toEqual(expect.arrayContaining(['clots', 'pregnant', 'allergies', 'gp']));
    await fill(client);
    const after = (await client.call('GET', '/api/records/questionnaire')).json() as MyQuestionnaire;
    expect(after.status).toBe('up_to_date');
  });

  it('the booking confirmation email links to the questionnaire', async () => {
    const client = await signedIn(t);
    const swedish = await serviceOfType(t, 'swedish');
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedish.id, localIso(nextWeekday(3, 10), '14:00')),
    );
    expect(made.statusCode, made.body).toBe(201);
    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.confirmed')));
    expect(email?.text).toContain(
      'please fill in your health questionnaire, or update it if something has changed: http://localhost:3000/health-form',
    );
  });

  it('refuses a form without a required answer or without consent, and keeps nothing', async () => {
    const client = await signedIn(t);
    const { pressure: _left, ...partial } = answers();
    const missing = await client.call('POST', '/api/records/questionnaire', {
      answers: partial,
      signatureName: 'Sam Q Client',
      consent: true,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('What pressure do you prefer?');
    const unsigned = await client.call('POST', '/api/records/questionnaire', {
      answers: answers(),
      signatureName: 'Sam Q Client',
      consent: false,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.db.select().from(healthRecord).where(eq(healthRecord.clientId, client.id))).toEqual([]);
  });

  it('keeps no readable health text in the tables: a dump alone reveals nothing', async () => {
    const client = await signedIn(t);
    const booking = await pastBooking(client);
    await fill(client, { avoid: HEALTH.avoid });
    await writeTreatmentNote(deps(), {
      actor: actorOf(owner),
      input: { bookingId: booking.id, subjective: HEALTH.note, areas: ['Shoulders'], plan: 'Review in two weeks' },
    });
    const tables = await Promise.all(
      ['health_record', 'treatment_note', 'treatment_note_amendment', 'audit_log'].map((table) =>
        t.db.execute(sql.raw(`select * from ${table}`)),
      ),
    );
    const dump = JSON.stringify(tables);
    for (const words of [...Object.values(HEALTH), 'Sam Q Client', 'Review in two weeks', 'Warfarin'])
      expect(dump).not.toContain(words);
    // The owner reads them back whole.
    const record = (await owner.call('GET', `/api/admin/records/clients/${client.id}`)).json() as ClientRecord;
    expect(record.healthRecords[0]?.answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ questionId: 'medication', answer: HEALTH.medication })]),
    );
    expect(record.notes[0]?.subjective).toBe(HEALTH.note);
  });

  it('shows a red flag on the booking until the owner acknowledges it, and records who did', async () => {
    const client = await signedIn(t);
    const booking = await pastBooking(client, -3);
    const url = `/api/admin/records/statuses?bookingIds=${booking.id}`;
    expect((await owner.call('GET', url)).json()[booking.id].status).toBe('missing');
    const { id } = await fill(client, { clots: 'yes' });
    const flagged = (await owner.call('GET', url)).json()[booking.id];
    expect(flagged).toMatchObject({ status: 'red_flag', healthRecordId: id, acknowledgedAt: null });
    const acknowledged = await owner.call('POST', `/api/admin/records/health/${id}/acknowledge`);
    expect(acknowledged.statusCode).toBe(200);
    expect((await owner.call('GET', url)).json()[booking.id].status).toBe('up_to_date');
    const [row] = await t.db.select().from(healthRecord).where(eq(healthRecord.id, id));
    expect(row?.acknowledgedBy).toBe(owner.id);
    const audit = await auditOf(t.db, { entityType: 'client_record', entityId: client.id });
    expect(audit.map((a) => a.action)).toContain('red_flag_acknowledged');
  });

  it('asks again when the questionnaire is older than the owner’s period', async () => {
    const client = await signedIn(t);
    const booking = await pastBooking(client, -400);
    await fill(client);
    const status = (await owner.call('GET', `/api/admin/records/statuses?bookingIds=${booking.id}`)).json();
    expect(status[booking.id].status).toBe('due');
  });

  it('a new wording of the questions is a new version; the signed form keeps the words the client saw', async () => {
    const client = await signedIn(t);
    await fill(client);
    const settings = (await owner.call('GET', '/api/admin/records/settings')).json();
    const changed = await owner.call('PUT', '/api/admin/records/settings', {
      ...settings,
      consentText: 'A new consent wording that the client reads and signs before treatment.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().version).toBe(settings.version + 1);
    const record = (await owner.call('GET', `/api/admin/records/clients/${client.id}`)).json() as ClientRecord;
    expect(record.healthRecords[0]?.consentText).toBe(settings.consentText);
    expect(record.healthRecords[0]?.questionnaireVersion).toBe(settings.version);
  });
});

describe('treatment notes', () => {
  it('can be edited for 24 hours, then are locked; an amendment is kept beside the original', async () => {
    const client = await signedIn(t);
    const booking = await pastBooking(client);
    const written = Date.now();
    const at = (ms: number) => ({ ...deps(), now: () => written + ms });
    const { id } = await writeTreatmentNote(at(0), {
      actor: actorOf(owner),
      input: { bookingId: booking.id, subjective: 'Original words', plan: 'First plan' },
    });
    await editTreatmentNote(at(NOTE_EDIT_WINDOW_MS - 60_000), {
      actor: actorOf(owner),
      id,
      input: { subjective: 'Corrected words', plan: 'First plan' },
    });
    await expect(
      editTreatmentNote(at(NOTE_EDIT_WINDOW_MS), {
        actor: actorOf(owner),
        id,
        input: { subjective: 'Rewritten later' },
      }),
    ).rejects.toMatchObject({ code: 'TOO_LATE_TO_CHANGE' });
    await amendTreatmentNote(at(NOTE_EDIT_WINDOW_MS + 1000), {
      actor: actorOf(owner),
      id,
      input: { text: 'Client later said the pain was on the right' },
    });
    const [row] = await t.db.select().from(treatmentNote).where(eq(treatmentNote.id, id));
    // The note the owner sees at that time: locked, its words as corrected within the day, the amendment beside it.
    const record = (await owner.call('GET', `/api/admin/records/clients/${client.id}`)).json() as ClientRecord;
    const note = record.notes.find((n) => n.id === id);
    expect(row?.createdAt.getTime()).toBe(written);
    expect(note).toMatchObject({ subjective: 'Corrected words', plan: 'First plan' });
    expect(note?.amendments).toEqual([
      expect.objectContaining({ text: 'Client later said the pain was on the right', authorName: 'Owner Therapist' }),
    ]);
  });

  it('shows the booking sheet this booking’s notes and the last note’s plan', async () => {
    const client = await signedIn(t);
    const earlier = await pastBooking(client, 20);
    const today = await pastBooking(client, 1);
    await writeTreatmentNote(deps(), {
      actor: actorOf(owner),
      input: { bookingId: earlier.id, treatment: 'Deep tissue', plan: 'Work the hamstrings next time' },
    });
    const sheet = (await owner.call('GET', `/api/admin/records/bookings/${today.id}/notes`)).json();
    expect(sheet).toMatchObject({ hasClient: true, notes: [], lastPlan: 'Work the hamstrings next time' });
    const created = await owner.call('POST', '/api/admin/records/notes', {
      bookingId: today.id,
      areas: ['Legs', 'Lower back'],
      treatment: 'Hamstrings',
    });
    expect(created.statusCode).toBe(201);
    const after = (await owner.call('GET', `/api/admin/records/bookings/${today.id}/notes`)).json();
    expect(after.notes).toEqual([expect.objectContaining({ areas: ['Legs', 'Lower back'], locked: false })]);
  });

  it('prints the client’s record as a PDF, and every opening is in the audit log', async () => {
    const client = await signedIn(t);
    await fill(client);
    const pdf = await owner.call('GET', `/api/admin/records/clients/${client.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audit = await auditOf(t.db, { entityType: 'client_record', entityId: client.id });
    expect(audit.filter((a) => a.action === 'client_record_read')).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('Warfarin');
  });
});

describe('who may see the records', () => {
  it('only the owner reads them: the lodger and other clients are refused and learn nothing', async () => {
    const client = await signedIn(t);
    await fill(client, { avoid: HEALTH.avoid });
    const lodger = await signedIn(t, { role: 'lodger' });
    const other = await signedIn(t);
    for (const person of [lodger, other, client]) {
      const read = await person.call('GET', `/api/admin/records/clients/${client.id}`);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain(HEALTH.avoid);
    }
    const othersForm = await other.call('GET', '/api/records/questionnaire');
    expect(othersForm.json().status).toBe('missing');
    expect(othersForm.body).not.toContain(HEALTH.avoid);
    expect((await lodger.call('GET', '/api/records/questionnaire')).statusCode).toBe(403);
  });

  it('the client’s own data download carries their records; erasure removes them', async () => {
    const client = await signedIn(t);
    const booking = await pastBooking(client);
    await fill(client, { avoid: HEALTH.avoid });
    await writeTreatmentNote(deps(), { actor: actorOf(owner), input: { bookingId: booking.id, plan: 'Stretch' } });
    const own = (await client.call('GET', '/api/account/export')).json();
    expect(own.practiceRecords.healthRecords[0].answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ answer: HEALTH.avoid })]),
    );
    expect(own.practiceRecords.treatmentNotes[0].plan).toBe('Stretch');
    const ownersExport = (await owner.call('GET', `/api/admin/customers/${client.id}/export`)).json();
    expect(ownersExport.practiceRecords.treatmentNotes).toHaveLength(1);
    const erased = await owner.call('POST', `/api/admin/customers/${client.id}/erase`);
    expect(erased.statusCode).toBe(200);
    expect(await t.db.select().from(healthRecord).where(eq(healthRecord.clientId, client.id))).toEqual([]);
    expect(await t.db.select().from(treatmentNote).where(eq(treatmentNote.clientId, client.id))).toEqual([]);
  });
});

describe('screening a request', () => {
  it('shows the owner what is known of the client behind a request: their account, phone and past outcomes', async () => {
    const client = await signedIn(t);
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 - ++offset * 7_200_000);
    const visit = { type: 'swedish', client } as const;
    await insertBooking(t, { ...visit, status: 'completed', startsAt: at(30) });
    await insertBooking(t, { ...visit, status: 'no_show', startsAt: at(20) });
    const cancelled = await insertBooking(t, { ...visit, status: 'cancelled', startsAt: at(10) });
    await t.db.update(bookingTable).set({ cancelledBy: 'business' }).where(eq(bookingTable.id, cancelled.id));
    const request = await insertBooking(t, { ...visit, status: 'pending', startsAt: at(-30) });
    expect(
      (await owner.call('PUT', `/api/admin/customers/${client.id}/policy`, { policy: 'trusted' })).statusCode,
    ).toBe(200);
    const known = await owner.call('GET', `/api/admin/records/bookings/${request.id}/known`);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({
      hasAccount: true,
      policy: 'trusted',
      otherBookings: { completed: 1, noShow: 1, cancelledByBusiness: 1, cancelledByClient: 0, upcoming: 0 },
    });
    for (const person of [client, await signedIn(t, { role: 'lodger' })])
      expect((await person.call('GET', `/api/admin/records/bookings/${request.id}/known`)).statusCode).toBe(403);
  });
});

describe('retention and the key', () => {
  it('deletes records past the retention period after the last appointment, with an audit line', async () => {
    const client = await signedIn(t);
    const booking = await pastBooking(client);
    await fill(client);
    await writeTreatmentNote(deps(), { actor: actorOf(owner), input: { bookingId: booking.id, plan: 'Keep' } });
    const sevenYears = Date.now() + 7 * 365 * 86_400_000;
    await deleteExpiredRecords({ db: t.db, now: () => sevenYears });
    expect(await t.db.select().from(healthRecord).where(eq(healthRecord.clientId, client.id))).toHaveLength(1);
    const nineYears = Date.now() + 9 * 366 * 86_400_000;
    const { clients } = await deleteExpiredRecords({ db: t.db, now: () => nineYears });
    expect(clients).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(healthRecord).where(eq(healthRecord.clientId, client.id))).toEqual([]);
    expect(await t.db.select().from(treatmentNote).where(eq(treatmentNote.clientId, client.id))).toEqual([]);
    const lines = await t.db.select().from(auditLog).where(eq(auditLog.action, 'records_retention_deleted'));
    expect(lines.some((line) => JSON.stringify(line.after).includes(client.id))).toBe(true);
  });

  it('stops start-up on PostgreSQL without RECORDS_KEY, and refuses a key of the wrong size, in one line each', async () => {
    // The app as configured for PostgreSQL: the key is asked for before anything is opened or served.
    const env = { ...t.context.env, DATABASE_URL: 'postgres://app@db.example.invalid/app' };
    const failure = await createContext(env, { database: t.context.database }).catch((error: unknown) => error);
    expect(startupFailureText(failure)).toBe(
      'RECORDS_KEY: is required with DATABASE_URL (every instance seals health records with the same key): set it to 32 random bytes, e.g. openssl rand -base64 32\n',
    );
    expect(() => parseEnv({ RECORDS_KEY: 'too-short-a-secret' })).toThrow(
      'RECORDS_KEY: must be 32 random bytes written in base64 or hex (openssl rand -base64 32)',
    );
    expect(() => parseEnv({ RECORDS_KEY: 'too-short-a-secret' })).not.toThrow('too-short-a-secret');
  });

  it('is required with DATABASE_URL, and generated once into a 0600 file beside the embedded database', async () => {
    expect(() => resolveRecordsKey({ DATABASE_URL: 'postgres://db.example/app', DATA_DIR: './data' })).toThrow(
      EnvError,
    );
    const dir = await mkdtemp(join(tmpdir(), 'records-key-'));
    try {
      const first = resolveRecordsKey({ DATA_DIR: dir });
      const second = resolveRecordsKey({ DATA_DIR: dir });
      expect(second.equals(first)).toBe(true);
      expect(statSync(join(dir, 'records.key')).mode & 0o777).toBe(0o600);
      expect((await readFile(join(dir, 'records.key'), 'utf8')).trim()).toBe(first.toString('base64'));
      const sealed = seal(first, { medication: HEALTH.medication }, 'health_record:someone');
      expect(unseal(first, sealed, 'health_record:someone')).toEqual({ medication: HEALTH.medication });
      // Another key, or the same value moved to another client's row, opens nothing.
      const other = resolveRecordsKey({ RECORDS_KEY: 'a'.repeat(64), DATA_DIR: dir });
      expect(() => unseal(other, sealed, 'health_record:someone')).toThrow();
      expect(() => unseal(first, sealed, 'health_record:someone-else')).toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
