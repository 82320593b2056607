// What the file routes (and the routes of other modules that take uploads) need of HTTP: reading one multipart
// upload and sending stored bytes safely. Kept out of the storage service, which knows nothing of HTTP.
import { AppError, receiptContentTypes, type StoredFileMetadata } from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooLargeMessage } from './storage.service.ts';

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

/**
 * Lets the routes of the calling plugin read uploads (readUpload). Registered by the modules that take one and not for
 * the whole app: the multipart plugin adds two promise hooks and a listener to every request of its context (decision
 * 097).
 */
export async function acceptUploads(app: FastifyInstance, maxBytes: number) {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });
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
