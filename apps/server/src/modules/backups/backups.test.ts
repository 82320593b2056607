// Issue 10, part 2: a backup of a populated install, restored into a fresh install of the other database kind,
// holds every row and every file; damaged archives and newer schemas are refused, changing nothing.
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createContext } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { invoice, storedFile } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { insertBooking } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../../test/test-context.ts';
import { multipartForm, sampleFiles } from '../storage/test-uploads.ts';
import { createBackup, lastBackup, type Manifest, recordBackup } from './backup.service.ts';
import { restoreBackup } from './restore.service.ts';
import { endTar, readTar, writeTarMember } from './tar.ts';

// PGlite backs up into PostgreSQL when one is given (CI), PostgreSQL into PGlite; without PostgreSQL, PGlite
// into a fresh PGlite.
const sourceKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const targetKind = sourceKind === 'pglite' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const scratch = mkdtempSync(join(tmpdir(), 'backups-test-'));
const dropAfter: string[] = [];
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  for (const name of dropAfter) await adminQuery(`drop database if exists ${name} with (force)`);
});

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The environment of a new, empty install of the target kind. */
async function freshInstall(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(scratch, 'install-'));
  if (targetKind === 'pglite') return { DATA_DIR: dataDir };
  const name = `restore_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  dropAfter.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  // RECORDS_KEY is required with DATABASE_URL (decision 068).
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString(), RECORDS_KEY: 'b'.repeat(64) };
}

const envOf = (vars: Record<string, string>) =>
  parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: TEST_SECRET,
    WEB_DIST: '/nonexistent',
    ...vars,
  });

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let archive: string;
let manifest: Manifest;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  const client = await signedIn(t);
  const ok = async (response: { statusCode: number; body: string }, status = 201) => {
    expect(response.statusCode, response.body).toBe(status);
    return JSON.parse(response.body);
  };
  // Bookings given and paid (payments post to the ledger), one refunded in part.
  for (let day = 1; day <= 3; day++) {
    const given = await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(Date.now() - day * 86_400_000),
      client,
    });
    await ok(
      await admin.call('POST', `/api/admin/bookings/${given.id}/payments`, {
        amountPence: 7000,
        method: 'card',
        paidAt: new Date(Date.now() - day * 86_400_000 + 3_600_000).toISOString(),
      }),
    );
  }
  // Issued invoices (numbered), one with quotes and a new line in its text.
  for (const name of ["O'Brien & Sons", 'Acme Wellness Ltd']) {
    const draft = await ok(
      await admin.call('POST', '/api/admin/invoices', {
        billToName: name,
        billToEmail: 'accounts@acme.example',
        billToAddress: "1 High Street\nLondon -- it's $$ here",
        lines: [{ description: 'Chair massage', quantity: 2, unitPricePence: 5000, vatRateBp: 0 }],
        notes: '',
      }),
    );
    await ok(await admin.call('POST', `/api/admin/invoices/${draft.id}/issue`, {}), 200);
  }
  // An expense with two receipts (a photo and a PDF).
  const categories = (await ok(await admin.call('GET', '/api/admin/expenses/categories'), 200)).categories;
  const expense = await ok(
    await admin.call('POST', '/api/admin/expenses', {
      date: '2025-06-02',
      supplier: 'Neal’s Yard',
      categoryId: categories[0].id,
      amountPence: 1200,
      vatPence: 200,
      paymentMethod: 'card',
      notes: 'Oils\nand towels',
    }),
  );
  for (const [filename, bytes] of [
    ['till receipt.png', sampleFiles.png],
    ['invoice.pdf', sampleFiles.pdf],
  ] as const) {
    const form = multipartForm([{ name: 'file', filename, bytes }]);
    await ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/expenses/${expense.id}/receipts`,
        payload: form.payload,
        headers: { 'content-type': form.contentType, origin: 'http://localhost:3000', cookie: cookieOf(admin) },
      }),
    );
  }
  // Website photos (logo, hero): kept as resized variants, named by website_image rows, not stored_file ones.
  const photos: string[] = [];
  for (const bytes of [sampleFiles.png, sampleFiles.png]) {
    const form = multipartForm([{ name: 'file', filename: 'photo.png', bytes }]);
    photos.push(
      (
        await ok(
          await t.app.inject({
            method: 'POST',
            url: '/api/admin/website/images',
            payload: form.payload,
            headers: { 'content-type': form.contentType, origin: 'http://localhost:3000', cookie: cookieOf(admin) },
          }),
        )
      ).id,
    );
  }
  await ok(await admin.call('PUT', '/api/admin/website', { logoId: photos[0], heroImageId: photos[1] }), 200);
  // A backup was made before: its record is this install's, not the restored one's.
  await recordBackup(t.db, { at: new Date('2026-01-02T03:00:00Z'), ok: true, file: '/old/place/backup.tar.gz' });
  ({ file: archive, manifest } = await createBackup(
    { database: t.context.database, files: t.context.files },
    { dir: join(scratch, 'archives') },
  ));
});
afterAll(() => t?.close());

/** Every file below `folder`, as store paths, sorted. */
async function filesUnder(folder: string): Promise<string[]> {
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

function cookieOf(person: { agent: { cookies: Record<string, string> } }) {
  return Object.entries(person.agent.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** Every row of every table of the app's schemas, as JSON text sorted, by table. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = (await db.execute(
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = (await db.execute(sql.raw(`select row_to_json(t)::text as row from ${name} t`))) as unknown as {
      rows: { row: string }[];
    };
    out[name] = rows.rows.map((r) => r.row).sort();
  }
  return out;
}

/** The restored install, running, for as long as `use` runs. */
async function withRestored<T>(vars: Record<string, string>, use: (app: TestApp['app'], db: Db) => Promise<T>) {
  const context = await createContext(envOf(vars));
  const app = await buildApp(context);
  try {
    return await use(app, context.db);
  } finally {
    await app.close();
    await context.close();
  }
}

async function get(app: TestApp['app'], url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: cookieOf(admin) } });
  expect(response.statusCode, url).toBe(200);
  return response;
}

// pdfkit stamps each rendering with the time it was made (and an ID made from it); the rest must be the same.
const withoutCreationDate = (bytes: Buffer) =>
  bytes
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');

describe(`backup of ${sourceKind}, restored into ${targetKind}`, { timeout: 180_000 }, () => {
  it('brings a fresh install back to exactly the same rows, files, trial balance and invoice numbers', async () => {
    // Two receipts, and each website photo's variants.
    const storeFiles = await filesUnder(t.context.files.location);
    expect(storeFiles.length).toBeGreaterThan(4);
    expect(manifest.files.map((file) => file.path).sort()).toEqual(storeFiles);
    expect(manifest.tables['public.invoice']).toBe(2);
    expect(manifest.schema.lastMigration).not.toBeNull();
    const target = await freshInstall();
    const restored = await restoreBackup(envOf(target), { archive });
    expect(restored.files).toBe(storeFiles.length);
    // Every file of the store came back, byte for byte, whatever table names it.
    const restoredFolder = join(target.DATA_DIR ?? '', 'files');
    expect(await filesUnder(restoredFolder)).toEqual(storeFiles);
    for (const path of storeFiles)
      expect(
        readFileSync(join(restoredFolder, path)).equals(readFileSync(join(t.context.files.location, path))),
        path,
      ).toBe(true);

    const before = await everyRow(t.db);
    // The restored install has made no backup of its own yet: the dashboard must not show the old one's.
    delete before['public.app_setting'];
    expect(await lastBackup(t.db)).not.toBeNull();
    const invoices = await t.db.select().from(invoice).orderBy(invoice.number);
    const files = await t.db.select().from(storedFile).orderBy(storedFile.path);
    const trialBalance = (await get(t.app, '/api/admin/ledger/trial-balance')).json();
    expect(trialBalance.accounts.length).toBeGreaterThan(0);
    const fileBytes = await Promise.all(
      files.map(async (f) => (await get(t.app, `/api/files/${f.id}/content`)).rawPayload),
    );
    const pdfs = await Promise.all(
      invoices.map(async (i) => withoutCreationDate((await get(t.app, `/api/admin/invoices/${i.id}/pdf`)).rawPayload)),
    );

    await withRestored(target, async (app, db) => {
      // The restored install runs its migrations on start (none are missing here), so its schema is the same.
      const after = await everyRow(db);
      expect(await lastBackup(db)).toBeNull();
      delete after['public.app_setting'];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      const restoredInvoices = await db.select().from(invoice).orderBy(invoice.number);
      expect(restoredInvoices.map((i) => i.number)).toEqual(invoices.map((i) => i.number));
      expect(invoices.every((i) => i.number)).toBe(true);
      expect((await get(app, '/api/admin/ledger/trial-balance')).json()).toEqual(trialBalance);
      for (const [index, f] of files.entries())
        expect(
          (await get(app, `/api/files/${f.id}/content`)).rawPayload.equals(fileBytes[index] ?? Buffer.alloc(0)),
        ).toBe(true);
      for (const [index, i] of invoices.entries())
        expect(withoutCreationDate((await get(app, `/api/admin/invoices/${i.id}/pdf`)).rawPayload)).toBe(pdfs[index]);
    });
  });

  it('refuses to restore over an install that already has data, changing nothing', async () => {
    const target = await freshInstall();
    await restoreBackup(envOf(target), { archive });
    const before = await withRestored(target, (_app, db) => everyRow(db));
    // On PostgreSQL the files folder is a new one: the database alone must be enough to refuse.
    const again = targetKind === 'pglite' ? target : { ...target, DATA_DIR: mkdtempSync(join(scratch, 'install-')) };
    await expect(restoreBackup(envOf(again), { archive })).rejects.toThrow(
      targetKind === 'pglite' ? /already holds a database/ : /The PostgreSQL database at DATABASE_URL is not empty/,
    );
    expect(readdirSync(again.DATA_DIR ?? '').filter((name) => name !== 'in-use.pid')).toEqual(
      // records.key: the key the restored install made when it started, its archive carrying none (decision 068).
      targetKind === 'pglite' ? ['files', 'pglite', 'records.key'] : [],
    );
    expect(await withRestored(target, (_app, db) => everyRow(db))).toEqual(before);
  });

  /** The archive re-packed with `change` applied to its members. */
  async function repacked(change: (name: string, data: Buffer) => Buffer) {
    const out = join(scratch, `repacked-${randomBytes(4).toString('hex')}.tar.gz`);
    const tar = new PassThrough();
    const written = pipeline(tar, createGzip(), createWriteStream(out));
    for await (const member of readTar(createReadStream(archive).pipe(createGunzip())))
      await writeTarMember(tar, member.name, change(member.name, member.data));
    await endTar(tar);
    tar.end();
    await written;
    return out;
  }

  async function expectRefused(file: string, message: RegExp) {
    const target = await freshInstall();
    // A DATA_DIR that did not exist before the restore is not left behind either.
    const dataDir = join(target.DATA_DIR ?? '', 'new-install');
    await expect(restoreBackup(envOf({ ...target, DATA_DIR: dataDir }), { archive: file })).rejects.toThrow(message);
    // Nothing was written: no database, no files, and an empty PostgreSQL database stays empty.
    expect(existsSync(dataDir)).toBe(false);
    if (target.DATABASE_URL) {
      const client = new pg.Client({ connectionString: target.DATABASE_URL });
      await client.connect();
      const tables = await client.query(
        "select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      await client.end();
      expect(tables.rowCount).toBe(0);
    }
  }

  it('refuses an archive cut short', async () => {
    const cut = join(scratch, 'cut.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefused(cut, /^The backup archive is damaged \(it is cut short\); nothing was restored\.$/);
  });

  it('refuses an archive with one byte of its compressed data changed, naming the checksum', async () => {
    const changed = join(scratch, 'changed.tar.gz');
    const bytes = Buffer.from(readFileSync(archive));
    // The gzip trailer's CRC-32 of the data: the data itself then no longer matches it.
    const at = bytes.length - 8;
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    writeFileSync(changed, bytes);
    await expectRefused(
      changed,
      /^The backup archive is damaged \(its compressed data does not match its checksum\); nothing was restored\.$/,
    );
  });

  it('says "not a gzip file" of a file that is not one', async () => {
    const text = join(scratch, 'notes.txt');
    writeFileSync(text, 'not an archive at all\n');
    await expectRefused(text, /^The backup archive is damaged \(it is not a gzip file\); nothing was restored\.$/);
  });

  it('refuses an archive whose database dump does not match its checksum', async () => {
    const tampered = await repacked((name, data) =>
      name === 'database.sql'
        ? Buffer.from(data.toString('utf8').replace('Acme Wellness Ltd', 'Acme Wellness Plc'))
        : data,
    );
    await expectRefused(tampered, /^The backup archive is damaged \(the checksum of database\.sql does not match\)/);
  });

  it('refuses an archive with a stored file missing', async () => {
    const missing = manifest.files[0]?.path ?? '';
    const out = join(scratch, 'missing.tar.gz');
    const tar = new PassThrough();
    const written = pipeline(tar, createGzip(), createWriteStream(out));
    for await (const member of readTar(createReadStream(archive).pipe(createGunzip())))
      if (member.name !== `files/${missing}`) await writeTarMember(tar, member.name, member.data);
    await endTar(tar);
    tar.end();
    await written;
    await expectRefused(
      out,
      new RegExp(`damaged \\(files/${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is missing\\)`),
    );
  });

  it('refuses a backup made by a newer version (a schema migration this code does not know)', async () => {
    const newer = await repacked((name, data) => {
      if (name !== 'manifest.json') return data;
      const next: Manifest = JSON.parse(data.toString('utf8'));
      next.schema.migrations.push({ hash: 'f'.repeat(64), createdAt: 4102444800000 });
      return Buffer.from(JSON.stringify(next));
    });
    await expectRefused(
      newer,
      /made by a newer version of the application .*update the application first; nothing was restored/,
    );
  });

  it('names a file that does not exist', async () => {
    expect(existsSync(join(scratch, 'nope.tar.gz'))).toBe(false);
    await expectRefused(join(scratch, 'nope.tar.gz'), /There is no file at/);
  });
});
