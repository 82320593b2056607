import { createHash, randomUUID } from 'node:crypto';
import {
  AppError,
  isSafeStoragePath,
  type ListFilesResult,
  listFilesQuery,
  type ReceiptContentType,
  receiptContentTypes,
  type StoredFileMetadata,
  unsupportedFileMessage,
  uploadFileFields,
} from '@app/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { storedFile } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { type Actor, actsAsOwner, type QueryRequest } from '../auth/actor.ts';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../auth/auth.ts';
import type { FileStore, StoreLogger } from './file-store.ts';
import { createLocalStore } from './local-store.ts';
import { createS3Store, type S3StoreOptions } from './s3-store.ts';

export function createFileStore(
  env: Env,
  options: { logger?: StoreLogger; s3?: Partial<Pick<S3StoreOptions, 'attempts' | 'retryDelayMs' | 'timeoutMs'>> } = {},
): FileStore {
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL, name: 'file-store' });
  if (env.FILE_STORAGE === 'local') return createLocalStore(env.DATA_DIR, logger);
  return createS3Store(
    {
      endpoint: env.S3_ENDPOINT ?? '',
      region: env.S3_REGION,
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      ...options.s3,
    },
    logger,
  );
}

// ---------------------------------------------------------------------------------------------
// Checks

/** The real type of the bytes (never the name or the browser's claim), if it is one we accept. */
export async function detectAllowedType(bytes: Buffer): Promise<{ mime: ReceiptContentType; ext: string } | null> {
  // file-type is loaded with the first upload, not with the server (decision 088).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(receiptContentTypes as readonly string[]).includes(detected.mime)) return null;
  return { mime: detected.mime as ReceiptContentType, ext: detected.ext };
}

export function tooLargeMessage(maxBytes: number, what = 'file'): string {
  const mb = maxBytes / (1024 * 1024);
  const size = mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Number((maxBytes / 1024).toFixed(1))} KB`;
  return `The ${what} is larger than ${size}.`;
}

/** A file name safe in a path and a header: ASCII letters, digits, dot, dash, underscore. */
export function safeFilename(filename: string, ext: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 80);
  // The extension is the detected type's: a PNG called receipt.pdf is stored as receipt.png.
  return `${stem || 'file'}.${ext}`;
}

function fileIdOf(fileId: string): string {
  if (!uuidPattern.test(fileId)) throw new AppError('storage/invalid-url', 'This file address is not valid.');
  return fileId.toLowerCase();
}

function notFound(): AppError {
  return new AppError('storage/object-not-found', 'There is no such file. It may have been deleted.');
}

// ---------------------------------------------------------------------------------------------
// Plain functions: no roles checked here (the caller, e.g. expenses, has checked them).

type StoredFileRow = typeof storedFile.$inferSelect;

export function metadataOf(row: StoredFileRow): StoredFileMetadata {
  return {
    id: row.id,
    bucket: row.bucket,
    generation: row.generation,
    metageneration: row.metageneration,
    name: row.path.split('/').pop() ?? row.path,
    fullPath: row.path,
    size: row.size,
    timeCreated: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    md5Hash: row.md5Hash,
    cacheControl: row.cacheControl,
    contentDisposition: row.contentDisposition,
    contentEncoding: row.contentEncoding,
    contentLanguage: row.contentLanguage,
    contentType: row.contentType,
    customMetadata: row.customMetadata ?? {},
  };
}

/** The database handle (a transaction, when the caller's write must go with the file's row) and the file store. */
export type StorageDeps = { db: DbOrTx; files: FileStore };

/** Checks type and size, writes the bytes, inserts the stored_file row (in the given transaction), returns metadata. */
export async function storeFile(
  { db: tx, files }: StorageDeps,
  input: {
    folder: string;
    filename: string;
    bytes: Buffer;
    uploadedBy: string | null;
    maxBytes: number;
    customMetadata?: Record<string, string>;
  },
): Promise<StoredFileMetadata> {
  const folder = input.folder.replace(/^\/+|\/+$/g, '');
  if (!isSafeStoragePath(folder)) throw new AppError('storage/invalid-url', 'This folder name is not valid.');
  if (input.bytes.length > input.maxBytes)
    throw new AppError('storage/quota-exceeded', tooLargeMessage(input.maxBytes));
  if (input.bytes.length === 0) throw new AppError('storage/invalid-argument', 'The file is empty.');
  const type = await detectAllowedType(input.bytes);
  if (!type) throw new AppError('storage/invalid-argument', unsupportedFileMessage);

  const name = safeFilename(input.filename, type.ext);
  const path = `${folder}/${randomUUID()}-${name}`;
  const now = new Date();
  await files.put(path, input.bytes, type.mime);
  try {
    const [row] = await tx
      .insert(storedFile)
      .values({
        bucket: files.bucket,
        path,
        // Microseconds, as GCS generations are.
        generation: String(BigInt(now.getTime()) * 1000n),
        metageneration: 1,
        size: input.bytes.length,
        md5Hash: createHash('md5').update(input.bytes).digest('base64'),
        contentType: type.mime,
        // The path is new for every upload, so the bytes at it never change.
        cacheControl: 'private, max-age=31536000, immutable',
        contentDisposition: `inline; filename="${name}"`,
        contentEncoding: null,
        contentLanguage: null,
        customMetadata: { ...input.customMetadata },
        uploadedBy: input.uploadedBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('stored_file insert returned no row');
    return metadataOf(row);
  } catch (error) {
    await files.remove(path).catch(() => {});
    throw error;
  }
}

export async function fileMetadata(db: DbOrTx, { fileId }: { fileId: string }): Promise<StoredFileMetadata> {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(eq(storedFile.id, fileIdOf(fileId)));
  if (!row) throw notFound();
  return metadataOf(row);
}

export async function readStoredFile(
  { db, files }: StorageDeps,
  { fileId }: { fileId: string },
): Promise<{ metadata: StoredFileMetadata; bytes: Buffer }> {
  const metadata = await fileMetadata(db, { fileId });
  if (metadata.bucket !== files.bucket)
    throw new AppError(
      'storage/bucket-not-found',
      `This file is kept in the bucket "${metadata.bucket}", which this server is not set up to use.`,
    );
  const bytes = await files.get(metadata.fullPath);
  return { metadata, bytes };
}

/** Removes the row (in a transaction), then the bytes; bytes already gone are not an error. */
export async function deleteStoredFile({ db, files }: StorageDeps, { fileId }: { fileId: string }): Promise<void> {
  const id = fileIdOf(fileId);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(storedFile).where(eq(storedFile.id, id)).returning();
    return deleted;
  });
  if (!row) throw notFound();
  if (row.bucket === files.bucket) await files.remove(row.path);
}

/** Files of the store's bucket whose path starts with the prefix, by path; the token is the last path seen. */
export async function listStoredFiles(
  { db, files }: StorageDeps,
  { query }: { query: unknown },
): Promise<ListFilesResult> {
  const q = parseInput(listFilesQuery, query);
  if (q.prefix && (q.prefix.startsWith('/') || q.prefix.split('/').includes('..') || q.prefix.includes('\\')))
    throw new AppError('storage/invalid-url', 'This folder name is not valid.');
  const after = q.pageToken === undefined ? null : pathOfPageToken(q.pageToken);
  const rows = await db
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.bucket, files.bucket),
        q.prefix ? sql`starts_with(${storedFile.path}, ${q.prefix})` : undefined,
        after === null ? undefined : sql`${storedFile.path} collate "C" > ${after}`,
      ),
    )
    .orderBy(sql`${storedFile.path} collate "C"`, asc(storedFile.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(metadataOf),
    nextPageToken: rows.length > q.limit && last ? Buffer.from(last.path).toString('base64url') : null,
  };
}

function pathOfPageToken(token: string): string {
  const path = Buffer.from(token, 'base64url').toString('utf8');
  if (!token || !isSafeStoragePath(path))
    throw new AppError('storage/invalid-argument', 'This page token is not valid. Start the list again.');
  return path;
}

// ---------------------------------------------------------------------------------------------
// The /api/files endpoints: the owner's file manager.

/** Only the owner manages files; the answers carry the storage codes of the specification. */
export function requireFileAdmin(actor: Actor | null): Actor {
  if (!actor) throw new AppError('storage/unauthenticated', 'Please sign in to see or change files.');
  if (actor.role !== 'admin') throw new AppError('storage/unauthorized', 'Only the owner can see or change files.');
  if (!actsAsOwner(actor)) throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED_MESSAGE);
  return actor;
}

export async function uploadFile(
  { db, files }: { db: Db; files: FileStore },
  {
    actor,
    input,
  }: {
    actor: Actor | null;
    input: { filename: string; bytes: Buffer; fields: Record<string, string>; maxBytes: number };
  },
): Promise<StoredFileMetadata> {
  const admin = requireFileAdmin(actor);
  const folder = uploadFileFields.safeParse({ folder: input.fields.folder || undefined });
  if (!folder.success) throw new AppError('storage/invalid-url', 'This folder name is not valid.');
  return db.transaction((tx) =>
    storeFile(
      { db: tx, files },
      {
        folder: folder.data.folder,
        filename: input.filename,
        bytes: input.bytes,
        uploadedBy: admin.id,
        maxBytes: input.maxBytes,
      },
    ),
  );
}

export async function listFiles(deps: { db: Db; files: FileStore }, { actor, query }: QueryRequest) {
  requireFileAdmin(actor);
  return listStoredFiles(deps, { query });
}

export async function getFile(db: Db, { actor, fileId }: { actor: Actor | null; fileId: string }) {
  requireFileAdmin(actor);
  return fileMetadata(db, { fileId });
}

export async function getFileContent(
  deps: { db: Db; files: FileStore },
  { actor, fileId }: { actor: Actor | null; fileId: string },
) {
  requireFileAdmin(actor);
  return readStoredFile(deps, { fileId });
}

export async function removeFile(
  deps: { db: Db; files: FileStore },
  { actor, fileId }: { actor: Actor | null; fileId: string },
) {
  requireFileAdmin(actor);
  await deleteStoredFile(deps, { fileId });
}
