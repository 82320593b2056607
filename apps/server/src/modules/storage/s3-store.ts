import { AppError, isSafeStoragePath } from '@app/shared';
import { AwsClient } from 'aws4fetch';
import type { FileStore, StoreLogger } from './file-store.ts';

export type S3StoreOptions = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Attempts per operation on network errors and 5xx answers, before 'storage/retry-limit-exceeded'. */
  attempts?: number;
  /** First pause between attempts; it doubles each time. */
  retryDelayMs?: number;
  /** Per attempt. */
  timeoutMs?: number;
};

/** Any S3-compatible store (AWS, R2, MinIO, ...) through signed fetches: PutObject, GetObject, DeleteObject, HeadBucket. */
export function createS3Store(options: S3StoreOptions, logger: StoreLogger): FileStore {
  const attempts = options.attempts ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Retries are ours, so that running out of them has its own error code.
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 0,
  });
  const endpoint = new URL(options.endpoint);
  const base = options.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;

  function urlOf(path: string): string {
    if (!isSafeStoragePath(path)) throw new AppError('storage/invalid-url', 'This file address is not valid.');
    return `${base}/${path.split('/').map(encodeURIComponent).join('/')}`;
  }

  async function send(operation: string, url: string, init: RequestInit): Promise<Response> {
    let lastProblem: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        if (response.status < 500 && response.status !== 429) return response;
        lastProblem = `HTTP ${response.status}`;
        await response.body?.cancel();
      } catch (error) {
        lastProblem = error;
      }
      if (attempt < attempts) await sleep(retryDelayMs * 2 ** (attempt - 1));
    }
    logger.error({ err: lastProblem, operation, attempts }, 'file store did not answer');
    throw new AppError(
      'storage/retry-limit-exceeded',
      'The file store did not answer after several attempts. Please try again in a moment.',
    );
  }

  /** Maps an S3 error answer to the storage codes; anything unexpected is logged and kept vague. */
  async function failure(operation: string, path: string, response: Response): Promise<AppError> {
    const body = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? '';
    if (code === 'NoSuchBucket' || (operation === 'check' && response.status === 404))
      return new AppError('storage/bucket-not-found', `The file store has no bucket named "${options.bucket}".`);
    if (code === 'NoSuchKey' || response.status === 404)
      return new AppError('storage/object-not-found', 'This file is no longer in the file store.');
    logger.error({ operation, path, status: response.status, code, body: body.slice(0, 500) }, 'file store refused');
    return new AppError('storage/unknown', 'The file store failed. Please try again.');
  }

  return {
    kind: 's3',
    bucket: options.bucket,
    location: base,
    async put(path, bytes, contentType) {
      const response = await send('put', urlOf(path), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
      });
      if (!response.ok) throw await failure('put', path, response);
      await response.body?.cancel();
    },
    async get(path) {
      const response = await send('get', urlOf(path), { method: 'GET' });
      if (!response.ok) throw await failure('get', path, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(path) {
      const response = await send('remove', urlOf(path), { method: 'DELETE' });
      // S3 answers 204 whether or not the object existed; some stores answer 404 for a missing one.
      if (!response.ok) {
        const error = await failure('remove', path, response);
        if (error.code !== 'storage/object-not-found') throw error;
      } else await response.body?.cancel();
    },
    async check() {
      const response = await send('check', `${base}/`, { method: 'HEAD' });
      if (!response.ok) throw await failure('check', '', response);
    },
  };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
