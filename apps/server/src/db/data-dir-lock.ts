import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@app/shared';

/**
 * PGlite is a single-process database: two processes opening one folder would corrupt it.
 * Whoever opens it (server or CLI) holds this lock; a stale lock of a dead process is taken over.
 */
export function lockDataDir(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'in-use.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch {
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder))
        throw new AppError(
          'CONFLICT',
          `The embedded database in ${folder} is in use by process ${holder} (the running server?). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
        );
      rmSync(file, { force: true });
    }
  }
  throw new AppError('CONFLICT', `Could not lock the embedded database in ${folder}.`);
}

/** The live process holding the folder's lock (the running server, or a CLI command), or null. */
export function dataDirHolder(folder: string): number | null {
  try {
    const holder = Number(readFileSync(join(folder, 'in-use.pid'), 'utf8'));
    return holder && holder !== process.pid && isAlive(holder) ? holder : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
