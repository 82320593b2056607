import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { AppError, isSafeStoragePath } from '@app/shared';
import type { FileStore, StoreLogger } from './file-store.ts';

/** Files on the local disk under `${dataDir}/files/`; 'memory://' (tests) gets a fresh temporary folder. */
export function createLocalStore(dataDir: string, logger: StoreLogger): FileStore {
  const root = dataDir === 'memory://' ? mkdtempSync(join(tmpdir(), 'files-')) : resolve(dataDir, 'files');

  function fileOf(path: string): string {
    const file = resolve(root, path);
    const inside = relative(root, file);
    if (!isSafeStoragePath(path) || inside.startsWith('..') || inside.startsWith(sep))
      throw new AppError('storage/invalid-url', 'This file address is not valid.');
    return file;
  }

  function unknown(operation: string, path: string, error: unknown): AppError {
    logger.error({ err: error, operation, path }, 'local file store failed');
    return new AppError('storage/unknown', 'The file store failed. Please try again.');
  }

  return {
    kind: 'local',
    bucket: 'local',
    location: root,
    async put(path, bytes) {
      const file = fileOf(path);
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {});
        throw unknown('put', path, error);
      }
    },
    async get(path) {
      const file = fileOf(path);
      try {
        return await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new AppError('storage/object-not-found', 'This file is no longer in the file store.');
        throw unknown('get', path, error);
      }
    },
    async remove(path) {
      const file = fileOf(path);
      try {
        await rm(file, { force: true });
      } catch (error) {
        throw unknown('remove', path, error);
      }
    },
    async check() {
      try {
        await mkdir(root, { recursive: true });
      } catch (error) {
        throw unknown('check', '', error);
      }
    },
  };
}
