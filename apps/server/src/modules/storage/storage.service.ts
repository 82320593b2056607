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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import pino from 'pino';
import type { Db, DbOrTx } from '../../db/client.ts';
import { storedFile } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, actsAsOwner } from '../auth/actor.ts';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../auth/auth.ts';
import { createLocalStore } from './local-store.ts';
import { createS3Store, type S3StoreOptions } from './s3-store.ts';

/** Where the bytes live; the metadata lives in the stored_file table. */
export type FileStore = {
  kind: 'local' | 's3';
  bucket: string;
  /** The folder or the bucket URL, for logs and support. */
  location: string;
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  get(path: string): Promise<Buffer>;
  /** A missing object is not an error. */
  remove(path: string): Promise<void>;
  /** Fails with 'storage/bucket-not-found' when the bucket is missing (HeadBucket on S3). */
  check(): Promise<void>;
};

export type StoreLogger = { error(object: object, message: string): void };

export function createFileStore(
  env: Env,
  options: { logger?: StoreLogger; s3?: Partial<Pick<S3StoreOptions, 'attempts' | 'retryDelayMs' | 'timeoutMs'>> } = {},
): FileStore {
  const logger = options.logger ?? pino({ level: env.LOG_LEVEL, name: 'file-store' });
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** Checks type and size, writes the bytes, inserts the stored_file row (in the given transaction), returns metadata. */
export async function storeFile(
  tx: DbOrTx,
  files: FileStore,
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

export async function fileMetadata(db: DbOrTx, fileId: string): Promise<StoredFileMetadata> {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(eq(storedFile.id, fileIdOf(fileId)));
  if (!row) throw notFound();
  return metadataOf(row);
}

export async function readStoredFile(
  db: DbOrTx,
  files: FileStore,
  fileId: string,
): Promise<{ metadata: StoredFileMetadata; bytes: Buffer }> {
  const metadata = await fileMetadata(db, fileId);
  if (metadata.bucket !== files.bucket)
    throw new AppError(
      'storage/bucket-not-found',
      `This file is kept in the bucket "${metadata.bucket}", which this server is not set up to use.`,
    );
  const bytes = await files.get(metadata.fullPath);
  return { metadata, bytes };
}

/** Removes the row (in a transaction), then the bytes; bytes already gone are not an error. */
export async function deleteStoredFile(db: DbOrTx, files: FileStore, fileId: string): Promise<void> {
  const id = fileIdOf(fileId);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(storedFile).where(eq(storedFile.id, id)).returning();
    return deleted;
  });
  if (!row) throw notFound();
  if (row.bucket === files.bucket) await files.remove(row.path);
}

/** Files of the store's bucket whose path starts with the prefix, by path; the token is the last path seen. */
export async function listStoredFiles(db: DbOrTx, files: FileStore, query: unknown): Promise<ListFilesResult> {
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
// HTTP helpers

const inlineTypes: readonly string[] = receiptContentTypes;

/** Sends bytes safely: real content type, nosniff, `Content-Security-Policy: default-src 'none'; sandbox`, inline only for images and PDF when asked, else attachment; never text/html. */
export function sendStoredFile(
  reply: FastifyReply,
  file: { metadata: StoredFileMetadata; bytes: Buffer },
  options: { download: boolean },
): FastifyReply {
  const { metadata, bytes } = file;
  // Rows are only written with a detected type, but a row edited by hand must still never become a page.
  const known = inlineTypes.includes(metadata.contentType);
  const contentType = known ? metadata.contentType : 'application/octet-stream';
  const disposition = options.download || !known ? 'attachment' : 'inline';
  const asciiName = metadata.name.replace(/[^A-Za-z0-9._-]/g, '_');
  const etag = `"${metadata.md5Hash}"`;
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `${disposition}; filename="${asciiName}"`)
    .header('cache-control', 'no-store')
    .header('etag', etag);
  if (reply.request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.header('content-type', contentType).header('content-length', String(bytes.length)).send(bytes);
}

/** Reads the single `file` part of a multipart request, mapping limit/abort errors to storage codes. */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ filename: string; bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError('storage/invalid-argument', 'Send the file as multipart/form-data, in a field named "file".');
  let upload: { filename: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname === 'file') upload = { filename: part.filename, bytes: await part.toBuffer() };
      else part.file.resume();
    }
  } catch (error) {
    throw uploadError(request, error, maxBytes);
  }
  if (!upload) throw new AppError('storage/invalid-argument', 'Choose a file to upload (a form field named "file").');
  return { ...upload, fields };
}

function uploadError(request: FastifyRequest, error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('storage/quota-exceeded', tooLargeMessage(maxBytes));
  if (code === 'FST_FILES_LIMIT') return new AppError('storage/invalid-argument', 'Upload one file at a time.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('storage/invalid-argument', 'The upload has too many fields.');
  if (
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    request.raw.aborted ||
    /unexpected end of (form|multipart)|aborted|premature close/i.test(message ?? '')
  )
    return new AppError('storage/canceled', 'The upload was cut off before the end. Please try again.');
  request.log.warn({ err: error }, 'unreadable upload');
  return new AppError('storage/invalid-argument', 'The upload could not be read. Please try again.');
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
  db: Db,
  files: FileStore,
  actor: Actor | null,
  input: { filename: string; bytes: Buffer; fields: Record<string, string>; maxBytes: number },
): Promise<StoredFileMetadata> {
  const admin = requireFileAdmin(actor);
  const folder = uploadFileFields.safeParse({ folder: input.fields.folder || undefined });
  if (!folder.success) throw new AppError('storage/invalid-url', 'This folder name is not valid.');
  return db.transaction((tx) =>
    storeFile(tx, files, {
      folder: folder.data.folder,
      filename: input.filename,
      bytes: input.bytes,
      uploadedBy: admin.id,
      maxBytes: input.maxBytes,
    }),
  );
}

export async function listFiles(db: Db, files: FileStore, actor: Actor | null, query: unknown) {
  requireFileAdmin(actor);
  return listStoredFiles(db, files, query);
}

export async function getFile(db: Db, actor: Actor | null, fileId: string) {
  requireFileAdmin(actor);
  return fileMetadata(db, fileId);
}

export async function getFileContent(db: Db, files: FileStore, actor: Actor | null, fileId: string) {
  requireFileAdmin(actor);
  return readStoredFile(db, files, fileId);
}

export async function removeFile(db: Db, files: FileStore, actor: Actor | null, fileId: string) {
  requireFileAdmin(actor);
  await deleteStoredFile(db, files, fileId);
}
