// Backups of an install that keeps its files in an S3-compatible store: the files are read from the bucket,
// the nightly archive is copied to it (BACKUP_UPLOAD), and a restore puts the files into the new install's bucket.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, createContext } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../../test/test-context.ts';
import { createFileStore, readStoredFile, storeFile } from '../storage/storage.service.ts';
import { sampleFiles } from '../storage/test-uploads.ts';
import { runNightlyBackup } from './backup-jobs.ts';
import { restoreBackup } from './restore.service.ts';

const scratch = mkdtempSync(join(tmpdir(), 'backup-s3-test-'));

/** A real S3 protocol peer on a free port, with one bucket named "receipts". */
async function startS3() {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(scratch, 's3rver-')),
    configureBuckets: [{ name: 'receipts' }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

const s3Env = (endpoint: string) => ({
  FILE_STORAGE: 's3',
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_BUCKET: 'receipts',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

let source: Awaited<ReturnType<typeof startS3>>;
let target: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  [source, target] = await Promise.all([startS3(), startS3()]);
  t = await createTestApp({ ...s3Env(source.endpoint), BACKUP_DIR: join(scratch, 'backups'), BACKUP_UPLOAD: 'true' });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([source?.stop(), target?.stop()]);
  rmSync(scratch, { recursive: true, force: true });
});

it('backs up the files of the bucket, copies the archive there, and restores the files into a new bucket', async () => {
  const receipt = await t.db.transaction((tx) =>
    storeFile(tx, t.context.files, {
      folder: 'receipts/2026',
      filename: 'till.png',
      bytes: sampleFiles.png,
      uploadedBy: null,
      maxBytes: 1_000_000,
    }),
  );
  const archive = await runNightlyBackup({
    database: t.context.database,
    files: t.context.files,
    env: t.context.env,
    logger: t.context.logger,
  });
  // The copy in the bucket is the archive, byte for byte.
  expect((await t.context.files.get(`backups/${basename(archive)}`)).equals(readFileSync(archive))).toBe(true);

  // A new install on the embedded database, with its own (empty) bucket of the same name.
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: TEST_SECRET,
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(join(scratch, 'install-')),
    ...s3Env(target.endpoint),
  });
  const restored = await restoreBackup(env, archive);
  expect(restored.files).toBe(1);
  const context = await createContext(env);
  const app = await buildApp(context);
  try {
    const file = await readStoredFile(context.db, context.files, receipt.id);
    expect(file.bytes.equals(sampleFiles.png)).toBe(true);
    expect(file.metadata).toEqual(receipt);
  } finally {
    await app.close();
    await context.close();
  }
  // The new bucket got the file itself, not just the row.
  const targetStore = createFileStore(env, { logger: { error: () => {} } });
  expect((await targetStore.get(receipt.fullPath)).equals(sampleFiles.png)).toBe(true);
});

it('refuses to restore files kept in a bucket into an install that keeps them on its disk, changing nothing', async () => {
  const archive = await runNightlyBackup({
    database: t.context.database,
    files: t.context.files,
    env: t.context.env,
    logger: t.context.logger,
  });
  const dataDir = mkdtempSync(join(scratch, 'local-'));
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_SECRET, DATA_DIR: dataDir });
  await expect(restoreBackup(env, archive)).rejects.toThrow(
    'The backup\'s files are in the store "receipts" but this install uses "local"',
  );
  const { readdirSync } = await import('node:fs');
  expect(readdirSync(dataDir)).toEqual([]);
});
