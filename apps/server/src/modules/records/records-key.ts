import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EnvError } from '../../env.ts';
import { recordsKeyBytes } from './records-crypto.ts';

export const RECORDS_KEY_FILE = 'records.key';

/**
 * The key that seals the records, never kept in the database (decision 068): RECORDS_KEY when set; required on
 * PostgreSQL, where every instance must share it; on the embedded database, the one generated at first start into
 * DATA_DIR/records.key (mode 0600, beside the database folder, not inside it); in memory, one for the process.
 */
export function resolveRecordsKey(env: { RECORDS_KEY?: string; DATABASE_URL?: string; DATA_DIR: string }): Buffer {
  if (env.RECORDS_KEY) return recordsKeyBytes(env.RECORDS_KEY);
  if (env.DATABASE_URL)
    throw new EnvError(
      'RECORDS_KEY: is required with DATABASE_URL (every instance seals health records with the same key): set it to 32 random bytes, e.g. openssl rand -base64 32',
    );
  if (env.DATA_DIR === 'memory://') return randomBytes(32);
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, RECORDS_KEY_FILE);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  try {
    return recordsKeyBytes(readFileSync(file, 'utf8').trim());
  } catch {
    throw new EnvError(`RECORDS_KEY: ${file} does not hold a key of 32 bytes (base64 or hex)`);
  }
}
