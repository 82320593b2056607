import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredFileMetadata } from '@app/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, parseEnv } from '../../env.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import type { StoreLogger } from './file-store.ts';
import { createFileStore } from './storage.service.ts';
import { multipartForm, sampleFiles } from './test-uploads.ts';

/** A real S3 protocol peer on a free port, keeping its objects in a temporary folder. */
async function startS3(buckets: string[]) {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function s3Env(endpoint: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    FILE_STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'receipts',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...overrides,
  };
}

function capturingLogger() {
  const logged: object[] = [];
  const logger: StoreLogger = { error: (object) => logged.push(object) };
  return { logged, logger };
}

const storeFor = (env: Env, logger: StoreLogger) =>
  createFileStore(env, { logger, s3: { attempts: 3, retryDelayMs: 10, timeoutMs: 5_000 } });

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3(['receipts']);
  t = await createTestApp({ ...s3Env(s3.endpoint), AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await t.close();
  await s3.stop();
});

describe('files kept in an S3-compatible store', () => {
  it('uploads, downloads and deletes a file through the API', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const cookie = Object.entries(owner.agent.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const form = multipartForm([
      { name: 'file', filename: 'receipt.pdf', bytes: sampleFiles.pdf },
      { name: 'folder', value: 'receipts/2026' },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: form.payload,
      headers: { 'content-type': form.contentType, cookie, origin: 'http://localhost:3000' },
    });
    expect(created.statusCode).toBe(201);
    const metadata = created.json() as StoredFileMetadata;
    expect(metadata).toMatchObject({
      bucket: 'receipts',
      contentType: 'application/pdf',
      size: sampleFiles.pdf.length,
    });
    expect(metadata.fullPath).toMatch(/^receipts\/2026\/[0-9a-f-]{36}-receipt\.pdf$/);

    // The bytes really are in the bucket, under the file's path.
    expect((await t.context.files.get(metadata.fullPath)).equals(sampleFiles.pdf)).toBe(true);

    const content = await t.app.inject({
      method: 'GET',
      url: `/api/files/${metadata.id}/content?download=1`,
      headers: { cookie },
    });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-disposition']).toBe(`attachment; filename="${metadata.name}"`);
    expect(content.rawPayload.equals(sampleFiles.pdf)).toBe(true);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/files/${metadata.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    await expect(t.context.files.get(metadata.fullPath)).rejects.toMatchObject({ code: 'storage/object-not-found' });
  });

  it('round-trips bytes and treats deleting a missing object as done', async () => {
    const { logger } = capturingLogger();
    const store = storeFor(parseEnv(s3Env(s3.endpoint)), logger);
    expect(store).toMatchObject({ kind: 's3', bucket: 'receipts' });
    await store.check();
    await store.put('photos/r.jpg', sampleFiles.jpeg, 'image/jpeg');
    expect((await store.get('photos/r.jpg')).equals(sampleFiles.jpeg)).toBe(true);
    await store.remove('photos/r.jpg');
    await store.remove('photos/r.jpg');
    await expect(store.get('photos/r.jpg')).rejects.toMatchObject({ code: 'storage/object-not-found' });
  });

  it('reports a bucket that does not exist as bucket-not-found', async () => {
    const { logger } = capturingLogger();
    const store = storeFor(parseEnv(s3Env(s3.endpoint, { S3_BUCKET: 'no-such-bucket' })), logger);
    await expect(store.check()).rejects.toMatchObject({ code: 'storage/bucket-not-found' });
    await expect(store.put('a/b.png', sampleFiles.png, 'image/png')).rejects.toMatchObject({
      code: 'storage/bucket-not-found',
      message: 'The file store has no bucket named "no-such-bucket".',
    });
    await expect(store.get('a/b.png')).rejects.toMatchObject({ code: 'storage/bucket-not-found' });
  });

  it('reports refused credentials as unknown, logs the store answer and keeps it from the user', async () => {
    const { logged, logger } = capturingLogger();
    const store = storeFor(parseEnv(s3Env(s3.endpoint, { S3_ACCESS_KEY_ID: 'NOT-A-KEY' })), logger);
    await expect(store.put('a/b.png', sampleFiles.png, 'image/png')).rejects.toMatchObject({
      code: 'storage/unknown',
      message: 'The file store failed. Please try again.',
    });
    expect(logged).toEqual([expect.objectContaining({ operation: 'put', status: 403, code: 'InvalidAccessKeyId' })]);
  });

  it('gives up with retry-limit-exceeded after a few attempts when the store is down', async () => {
    const down = await startS3(['receipts']);
    const { logged, logger } = capturingLogger();
    const store = storeFor(parseEnv(s3Env(down.endpoint)), logger);
    await store.put('a/b.png', sampleFiles.png, 'image/png');
    await down.stop();
    const started = Date.now();
    await expect(store.get('a/b.png')).rejects.toMatchObject({
      code: 'storage/retry-limit-exceeded',
      message: 'The file store did not answer after several attempts. Please try again in a moment.',
    });
    // Three attempts with pauses of 10 and 20 ms between them.
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
    expect(logged).toEqual([expect.objectContaining({ operation: 'get', attempts: 3 })]);
  });

  it('tries again when the store answers 503, and gives up only if it keeps failing', async () => {
    let requests = 0;
    // A store under strain: busy for the first two requests, and always busy for one object.
    const strained = createServer((request, response) => {
      requests += 1;
      request.resume();
      if (requests <= 2 || request.url?.includes('always-busy')) {
        response.writeHead(503, { 'content-type': 'application/xml' });
        response.end('<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
      } else {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(sampleFiles.png);
      }
    });
    await new Promise<void>((resolve) => strained.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = strained.address() as AddressInfo;
      const { logged, logger } = capturingLogger();
      const store = storeFor(parseEnv(s3Env(`http://127.0.0.1:${port}`)), logger);
      expect((await store.get('a/b.png')).equals(sampleFiles.png)).toBe(true);
      expect(requests).toBe(3);
      expect(logged).toEqual([]);

      await expect(store.get('a/always-busy.png')).rejects.toMatchObject({ code: 'storage/retry-limit-exceeded' });
      expect(requests).toBe(6);
      expect(logged).toEqual([expect.objectContaining({ operation: 'get', err: 'HTTP 503' })]);
    } finally {
      await new Promise((resolve) => strained.close(resolve));
    }
  });
});
