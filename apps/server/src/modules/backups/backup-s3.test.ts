// Backups of an install that keeps its files in an S3-compatible store: the files are read from the bucket,
// the nightly archive is encrypted and copied to it (BACKUP_UPLOAD with BACKUP_KEY), and a restore of that copy puts
// the files into the new install's bucket.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const BACKUP_KEY = 'correct horse battery staple 2026';

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
  t = await createTestApp({
    ...s3Env(source.endpoint),
    BACKUP_DIR: join(scratch, 'backups'),
    BACKUP_UPLOAD: 'true',
    BACKUP_KEY,
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([source?.stop(), target?.stop()]);
  rmSync(scratch, { recursive: true, force: true });
});

it('backs up the files of the bucket, copies the archive there encrypted, and restores that copy into a new bucket', async () => {
  const receipt = await t.db.transaction((tx) =>
    storeFile(
      { db: tx, files: t.context.files },
      {
        folder: 'receipts/2026',
        filename: 'till.png',
        bytes: sampleFiles.png,
        uploadedBy: null,
        maxBytes: 1_000_000,
      },
    ),
  );
  const archive = await runNightlyBackup({
    database: t.context.database,
    files: t.context.files,
    env: t.context.env,
    logger: t.context.logger,
  });
  // The copy in the bucket is the archive encrypted: not gzip, none of its text readable, and longer by its header.
  const uploaded = await t.context.files.get(`backups/${basename(archive)}.enc`);
  const plain = readFileSync(archive);
  expect(uploaded.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
  expect(uploaded.includes(plain.subarray(10, 42))).toBe(false);
  expect(uploaded.length).toBe(plain.length + 81);
  const copy = join(scratch, 'downloaded.tar.gz.enc');
  writeFileSync(copy, uploaded);

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
  // Without its key, or with another, the copy opens nothing.
  await expect(restoreBackup(env, { archive: copy })).rejects.toThrow(
    'This backup is encrypted: set BACKUP_KEY to the key it was made with; nothing was restored.',
  );
  await expect(
    restoreBackup({ ...env, BACKUP_KEY: 'another key of the same length!' }, { archive: copy }),
  ).rejects.toThrow('The backup key does not open this archive: it was made with another key; nothing was restored.');
  // A changed byte in the encrypted data fails its tag.
  const tampered = join(scratch, 'tampered.tar.gz.enc');
  const changed = Buffer.from(uploaded);
  changed[changed.length - 40] = (changed[changed.length - 40] ?? 0) ^ 1;
  writeFileSync(tampered, changed);
  await expect(restoreBackup({ ...env, BACKUP_KEY }, { archive: tampered })).rejects.toThrow(
    /^The backup archive is damaged/,
  );
  expect(readdirSync(env.DATA_DIR)).toEqual([]);

  const restored = await restoreBackup({ ...env, BACKUP_KEY }, { archive: copy });
  expect(restored.files).toBe(1);
  const context = await createContext(env);
  const app = await buildApp(context);
  try {
    const file = await readStoredFile({ db: context.db, files: context.files }, { fileId: receipt.id });
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
  await expect(restoreBackup(env, { archive })).rejects.toThrow(
    'The backup\'s files are in the store "receipts" but this install uses "local"',
  );
  expect(readdirSync(dataDir)).toEqual([]);
});

it('refuses to start uploading archives without a key to encrypt them, in one line', () => {
  expect(() =>
    parseEnv({ AUTH_SECRET: TEST_SECRET, ...s3Env('https://s3.example.com'), BACKUP_UPLOAD: 'true' }),
  ).toThrow(
    /^BACKUP_UPLOAD: needs BACKUP_KEY: an archive holds every password hash, so it is encrypted before it leaves the machine \(got "true"\)$/,
  );
});
