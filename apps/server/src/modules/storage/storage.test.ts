import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, type StoredFileMetadata } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFile } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { createFileStore, readStoredFile, storeFile } from './storage.service.ts';
import { type FormPart, multipartForm, sampleFiles } from './test-uploads.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', API_RATE_LIMIT_MAX: '10000' });
  owner = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedIn>>;
const cookieOf = (person: Person | null) =>
  person
    ? Object.entries(person.agent.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ')
    : '';

function postForm(person: Person | null, payload: Buffer, contentType: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload,
    headers: { 'content-type': contentType, origin: ORIGIN, cookie: cookieOf(person), ...headers },
  });
}

function upload(person: Person | null, parts: FormPart[], headers: Record<string, string> = {}) {
  const form = multipartForm(parts);
  return postForm(person, form.payload, form.contentType, headers);
}

const filepart = (filename: string, bytes: Buffer, contentType?: string): FormPart => ({
  name: 'file',
  filename,
  bytes,
  contentType,
});

function get(person: Person | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(person) } });
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string } }).error;
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

describe('uploading files', () => {
  it.each([
    ['a PNG photo', 'Till receipt.png', sampleFiles.png, 'image/png', 'Till-receipt.png'],
    ['a JPEG photo', 'IMG_0042.JPG', sampleFiles.jpeg, 'image/jpeg', 'IMG_0042.jpg'],
    ['a GIF', 'scan.gif', sampleFiles.gif, 'image/gif', 'scan.gif'],
    ['a WebP photo', 'photo.webp', sampleFiles.webp, 'image/webp', 'photo.webp'],
    ['an iPhone HEIC photo', 'IMG_1234.HEIC', sampleFiles.heic, 'image/heic', 'IMG_1234.heic'],
    ['a PDF', 'Facture été 2026.pdf', sampleFiles.pdf, 'application/pdf', 'Facture-ete-2026.pdf'],
  ])('accepts %s and answers with its metadata', async (_label, filename, bytes, contentType, safeName) => {
    const response = await upload(owner, [filepart(filename, bytes), { name: 'folder', value: 'receipts/2026' }]);
    expect(response.statusCode).toBe(201);
    const metadata = response.json() as StoredFileMetadata;
    expect(metadata).toMatchObject({
      bucket: 'local',
      metageneration: 1,
      size: bytes.length,
      md5Hash: md5(bytes),
      contentType,
      cacheControl: expect.any(String),
      contentEncoding: null,
      contentLanguage: null,
      customMetadata: {},
    });
    expect(metadata.name).toMatch(new RegExp(`^[0-9a-f-]{36}-${safeName.replace('.', '\\.')}$`));
    expect(metadata.fullPath).toBe(`receipts/2026/${metadata.name}`);
    expect(metadata.generation).toMatch(/^\d{16}$/);
    expect(Date.parse(metadata.timeCreated)).toBeGreaterThan(Date.now() - 60_000);
    expect(metadata.updated).toBe(metadata.timeCreated);
    expect(Object.keys(metadata).sort()).toEqual(
      [
        'id',
        'bucket',
        'generation',
        'metageneration',
        'name',
        'fullPath',
        'size',
        'timeCreated',
        'updated',
        'md5Hash',
        'cacheControl',
        'contentDisposition',
        'contentEncoding',
        'contentLanguage',
        'contentType',
        'customMetadata',
      ].sort(),
    );

    const again = await get(owner, `/api/files/${metadata.id}`);
    expect(again.json()).toEqual(metadata);
    const content = await get(owner, `/api/files/${metadata.id}/content`);
    expect(content.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps the file in the uploads folder when no folder is given', async () => {
    const response = await upload(owner, [filepart('a.png', sampleFiles.png)]);
    expect(response.statusCode).toBe(201);
    expect(response.json().fullPath).toMatch(/^uploads\/[0-9a-f-]{36}-a\.png$/);
  });

  it('names a file by what it really is, whatever its name says', async () => {
    const response = await upload(owner, [filepart('receipt.pdf', sampleFiles.png, 'application/pdf')]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contentType: 'image/png', name: expect.stringMatching(/-receipt\.png$/) });
  });

  it('refuses a web page renamed to .pdf and stores nothing', async () => {
    const before = await t.db.select().from(storedFile);
    const response = await upload(owner, [filepart('invoice.pdf', sampleFiles.html, 'application/pdf')]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'storage/invalid-argument',
      message: 'Only photos (JPEG, PNG, WebP, HEIC) and PDF files can be uploaded.',
    });
    expect(await t.db.select().from(storedFile)).toHaveLength(before.length);
  });

  it.each([
    ['a text file', 'notes.txt', sampleFiles.text],
    ['a zip archive', 'receipts.jpg', sampleFiles.zip],
  ])('refuses %s', async (_label, filename, bytes) => {
    const response = await upload(owner, [filepart(filename, bytes)]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('storage/invalid-argument');
  });

  it('refuses an empty file, a form without a file and a request that is not a form', async () => {
    const empty = await upload(owner, [filepart('empty.png', Buffer.alloc(0))]);
    expect(errorOf(empty)).toEqual({ code: 'storage/invalid-argument', message: 'The file is empty.' });
    const noFile = await upload(owner, [{ name: 'folder', value: 'receipts' }]);
    expect(errorOf(noFile).code).toBe('storage/invalid-argument');
    expect(errorOf(noFile).message).toContain('Choose a file');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: { file: 'x' },
      headers: { origin: ORIGIN, cookie: cookieOf(owner) },
    });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json).code).toBe('storage/invalid-argument');
  });

  it('takes one file at a time', async () => {
    const response = await upload(owner, [filepart('a.png', sampleFiles.png), filepart('b.png', sampleFiles.png)]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'storage/invalid-argument', message: 'Upload one file at a time.' });
  });

  it('refuses a file over the 10 MB limit', async () => {
    const big = Buffer.concat([sampleFiles.png, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(owner, [filepart('huge.png', big)]);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ code: 'storage/quota-exceeded', message: 'The file is larger than 10 MB.' });
  });

  it('accepts a file of several megabytes under the limit', async () => {
    const large = Buffer.concat([sampleFiles.png, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const response = await upload(owner, [filepart('large.png', large)]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ size: large.length, md5Hash: md5(large) });
  });

  it('reports an upload cut off before its end as canceled', async () => {
    const form = multipartForm([aPhoto()]);
    const cut = form.payload.subarray(0, form.payload.length - 60);
    const response = await postForm(owner, cut, form.contentType);
    expect(response.statusCode).toBe(499);
    expect(errorOf(response)).toEqual({
      code: 'storage/canceled',
      message: 'The upload was cut off before the end. Please try again.',
    });
  });

  it('refuses an upload sent from another website', async () => {
    const response = await upload(owner, [aPhoto()], { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({
      code: 'storage/unauthorized-app',
      message: 'Files can only be uploaded from this website.',
    });
  });

  it.each([
    ['a parent folder', '../outside'],
    ['an absolute folder', '/etc'],
    ['a folder with odd characters', 'receipts/<script>'],
  ])('refuses %s as the folder', async (_label, folder) => {
    const response = await upload(owner, [aPhoto(), { name: 'folder', value: folder }]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('storage/invalid-url');
  });
});

describe('who may use files', () => {
  it('asks a visitor to sign in, for every file endpoint', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    const responses = [
      await upload(null, [aPhoto()]),
      await get(null, '/api/files'),
      await get(null, `/api/files/${stored.id}`),
      await get(null, `/api/files/${stored.id}/content`),
      await t.app.inject({ method: 'DELETE', url: `/api/files/${stored.id}` }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('storage/unauthenticated');
    }
  });

  it('refuses a signed-in client, for every file endpoint', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    const responses = [
      await upload(client, [aPhoto()]),
      await get(client, '/api/files'),
      await get(client, `/api/files/${stored.id}`),
      await get(client, `/api/files/${stored.id}/content`),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/files/${stored.id}`,
        headers: { cookie: cookieOf(client) },
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({
        code: 'storage/unauthorized',
        message: 'Only the owner can see or change files.',
      });
    }
    expect((await get(owner, `/api/files/${stored.id}`)).statusCode).toBe(200);
  });
});

describe('downloading files', () => {
  it('shows a photo inline, with headers that stop it being run as a page', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    const response = await get(owner, `/api/files/${stored.id}/content`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['content-disposition']).toBe(`inline; filename="${stored.name}"`);
    expect(response.headers.etag).toBe(`"${stored.md5Hash}"`);
  });

  it('answers 304 when the browser already has the same bytes', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/files/${stored.id}/content`,
      headers: { cookie: cookieOf(owner), 'if-none-match': `"${stored.md5Hash}"` },
    });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload).toHaveLength(0);
  });

  it('sends the file as an attachment when a download is asked for', async () => {
    const stored = (await upload(owner, [aPhoto('statement.pdf', sampleFiles.pdf)])).json() as StoredFileMetadata;
    const response = await get(owner, `/api/files/${stored.id}/content?download=1`);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${stored.name}"`);
    expect(response.rawPayload.equals(sampleFiles.pdf)).toBe(true);
  });

  it('never serves a file as HTML, even if its recorded type says so', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    await t.db.update(storedFile).set({ contentType: 'text/html' }).where(eq(storedFile.id, stored.id));
    const response = await get(owner, `/api/files/${stored.id}/content`);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers object-not-found for a file that does not exist', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/files/${id}`, `/api/files/${id}/content`]) {
      const response = await get(owner, url);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('storage/object-not-found');
    }
  });

  it('answers object-not-found when the bytes went missing from the disk', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    rmSync(join(t.context.files.location, stored.fullPath));
    const response = await get(owner, `/api/files/${stored.id}/content`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('storage/object-not-found');
  });

  it.each([
    ['a malformed id', '/api/files/not-a-uuid'],
    ['a path instead of an id', '/api/files/..%2F..%2Fetc%2Fpasswd/content'],
  ])('refuses %s as an invalid address', async (_label, url) => {
    const response = await get(owner, url);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('storage/invalid-url');
  });

  it('answers bucket-not-found for a file kept in a bucket this server does not use', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    await t.db.update(storedFile).set({ bucket: 'old-bucket' }).where(eq(storedFile.id, stored.id));
    const response = await get(owner, `/api/files/${stored.id}/content`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('storage/bucket-not-found');
    await expect(readStoredFile({ db: t.db, files: t.context.files }, { fileId: stored.id })).rejects.toMatchObject({
      code: 'storage/bucket-not-found',
    });
  });
});

describe('deleting files', () => {
  it('removes the record and the bytes', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    const onDisk = join(t.context.files.location, stored.fullPath);
    expect(existsSync(onDisk)).toBe(true);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${stored.id}`,
      headers: { cookie: cookieOf(owner) },
    });
    expect(response.statusCode).toBe(204);
    expect(existsSync(onDisk)).toBe(false);
    expect(errorOf(await get(owner, `/api/files/${stored.id}`)).code).toBe('storage/object-not-found');
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${stored.id}`,
      headers: { cookie: cookieOf(owner) },
    });
    expect(errorOf(twice).code).toBe('storage/object-not-found');
  });

  it('still deletes the record when the bytes are already gone', async () => {
    const stored = (await upload(owner, [aPhoto()])).json() as StoredFileMetadata;
    rmSync(join(t.context.files.location, stored.fullPath));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${stored.id}`,
      headers: { cookie: cookieOf(owner) },
    });
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, stored.id))).toEqual([]);
  });
});

describe('listing files', () => {
  it('lists the files under a prefix, a page at a time', async () => {
    const folder = `list-${Date.now()}`;
    const uploaded: StoredFileMetadata[] = [];
    for (const name of ['one.png', 'two.png', 'three.png'])
      uploaded.push((await upload(owner, [aPhoto(name), { name: 'folder', value: `${folder}/a` }])).json());
    await upload(owner, [aPhoto('elsewhere.png'), { name: 'folder', value: `${folder}-b` }]);
    const expected = uploaded.map((file) => file.fullPath).sort();

    const first = await get(owner, `/api/files?prefix=${folder}/&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { items: StoredFileMetadata[]; nextPageToken: string | null };
    expect(page1.items.map((file) => file.fullPath)).toEqual(expected.slice(0, 2));
    expect(page1.nextPageToken).toEqual(expect.any(String));

    const second = await get(owner, `/api/files?prefix=${folder}/&limit=2&pageToken=${page1.nextPageToken}`);
    const page2 = second.json() as { items: StoredFileMetadata[]; nextPageToken: string | null };
    expect(page2.items.map((file) => file.fullPath)).toEqual(expected.slice(2));
    expect(page2.nextPageToken).toBeNull();

    const everything = await get(owner, `/api/files?prefix=${folder}`);
    expect(everything.json().items).toHaveLength(4);
  });

  it('treats % and _ in a prefix as plain characters', async () => {
    const response = await get(owner, '/api/files?prefix=%25');
    expect(response.json()).toEqual({ items: [], nextPageToken: null });
  });

  it('refuses a prefix that climbs out of the store and a page token it did not give', async () => {
    const climbing = await get(owner, '/api/files?prefix=../');
    expect(errorOf(climbing).code).toBe('storage/invalid-url');
    const token = await get(owner, `/api/files?pageToken=${Buffer.from('../x').toString('base64url')}`);
    expect(errorOf(token)).toEqual({
      code: 'storage/invalid-argument',
      message: 'This page token is not valid. Start the list again.',
    });
  });
});

describe('the local file store', () => {
  it('keeps files under DATA_DIR/files and reads them back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    try {
      const store = createFileStore(parseEnv({ DATA_DIR: dataDir }));
      expect(store).toMatchObject({ kind: 'local', location: join(dataDir, 'files') });
      await store.check();
      await store.put('receipts/r.png', sampleFiles.png, 'image/png');
      expect(existsSync(join(dataDir, 'files', 'receipts', 'r.png'))).toBe(true);
      expect((await store.get('receipts/r.png')).equals(sampleFiles.png)).toBe(true);
      await store.remove('receipts/r.png');
      await store.remove('receipts/r.png');
      await expect(store.get('receipts/r.png')).rejects.toMatchObject({ code: 'storage/object-not-found' });
      await expect(store.get('../escape.png')).rejects.toMatchObject({ code: 'storage/invalid-url' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports an unexpected disk failure as unknown, logs it and keeps the details private', async () => {
    const logged: object[] = [];
    const store = createFileStore(t.context.env, { logger: { error: (object) => logged.push(object) } });
    // A plain file where a folder must go: the disk refuses to write under it.
    writeFileSync(join(store.location, 'blocked'), 'not a folder');
    const attempt = t.db.transaction((tx) =>
      storeFile(
        { db: tx, files: store },
        {
          folder: 'blocked',
          filename: 'r.png',
          bytes: sampleFiles.png,
          uploadedBy: null,
          maxBytes: 1024 * 1024,
        },
      ),
    );
    await expect(attempt).rejects.toThrow(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: 'storage/unknown',
      message: 'The file store failed. Please try again.',
    });
    expect(logged).toEqual([expect.objectContaining({ operation: 'put', err: expect.any(Error) })]);
  });

  it('answers storage/unknown over HTTP when the disk fails', async () => {
    writeFileSync(join(t.context.files.location, 'jammed'), 'not a folder');
    const response = await upload(owner, [aPhoto(), { name: 'folder', value: 'jammed' }]);
    expect(response.statusCode).toBe(500);
    expect(errorOf(response)).toEqual({ code: 'storage/unknown', message: 'The file store failed. Please try again.' });
  });
});

function aPhoto(filename = 'receipt.png', bytes = sampleFiles.png): FormPart {
  return filepart(filename, bytes);
}
