import type { Env } from '../../env.ts';

// Placeholder: the storage helper replaces this file (issue 6).
export type FileStore = { kind: 'local' | 's3'; bucket: string };
export function createFileStore(env: Env): FileStore {
  return env.FILE_STORAGE === 's3' ? { kind: 's3', bucket: env.S3_BUCKET ?? '' } : { kind: 'local', bucket: 'local' };
}
