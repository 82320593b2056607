import { z } from 'zod';

/** What may be uploaded (receipts and any other file): photos and PDF, recognised from the bytes. */
export const receiptContentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/gif',
  'application/pdf',
] as const;
export type ReceiptContentType = (typeof receiptContentTypes)[number];

/** Shown when a file's bytes are not one of `receiptContentTypes`. */
export const unsupportedFileMessage = 'Only photos (JPEG, PNG, WebP, HEIC) and PDF files can be uploaded.';

/** Metadata of a stored file, field for field the specification's (section 3, as Firebase Storage). */
export type StoredFileMetadata = {
  id: string;
  bucket: string;
  /** Like GCS: a decimal string, microseconds since the epoch when the object was written. */
  generation: string;
  metageneration: number;
  /** The last segment of `fullPath`. */
  name: string;
  fullPath: string;
  size: number;
  timeCreated: string;
  updated: string;
  /** Base64 of the MD5 digest, as GCS gives it. */
  md5Hash: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  contentType: string;
  customMetadata: Record<string, string>;
};

/** One segment of a folder or path: letters, digits, dot, dash, underscore; never `.` or `..`. */
const pathSegment = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
export function isSafeStoragePath(path: string): boolean {
  return path.length <= 500 && path.split('/').every((segment) => pathSegment.test(segment));
}

export const storageFolderSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(isSafeStoragePath, 'A folder is made of letters, digits, dots, dashes and underscores, separated by /.');

export const uploadFileFields = z.object({ folder: storageFolderSchema.default('uploads') });
export type UploadFileFields = z.infer<typeof uploadFileFields>;

export const listFilesQuery = z.object({
  /** Paths starting with this text (e.g. `receipts/`). */
  prefix: z.string().max(500).default(''),
  pageToken: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type ListFilesQuery = z.infer<typeof listFilesQuery>;

export type ListFilesResult = { items: StoredFileMetadata[]; nextPageToken: string | null };
