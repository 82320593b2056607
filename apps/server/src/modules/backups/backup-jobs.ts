import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { runOnCron } from '../../lib/jobs.ts';
import type { FileStore } from '../storage/file-store.ts';
import { backupDirOf, createBackup, pruneBackups, recordBackup, securePrivateFolder } from './backup.service.ts';
import { ENCRYPTED_SUFFIX, encryptArchive } from './backup-crypto.ts';

const BACKUP_QUEUE = 'nightly-backup';

export type BackupDeps = {
  database: Database;
  files: FileStore;
  env: Pick<
    Env,
    'BACKUP_DIR' | 'DATA_DIR' | 'BACKUP_KEEP' | 'BACKUP_UPLOAD' | 'BACKUP_KEY' | 'BACKUP_TIME' | 'BUSINESS_TIME_ZONE'
  >;
  logger: { info(object: object, message: string): void; error(object: object, message: string): void };
};

/** "03:00" → "0 3 * * *" (read in the business time zone by the schedule). */
export function backupCron(time: string): string {
  const [hour, minute] = time.split(':').map(Number);
  return `${minute} ${hour} * * *`;
}

/**
 * The nightly job's work: one archive in BACKUP_DIR (encrypted and copied to the bucket with BACKUP_UPLOAD), the oldest
 * beyond BACKUP_KEEP removed, and the outcome kept for the dashboard. A failure is recorded, then rethrown
 * so that the queue logs it.
 */
export async function runNightlyBackup(deps: BackupDeps, { now = new Date() }: { now?: Date } = {}): Promise<string> {
  const dir = backupDirOf(deps.env);
  try {
    const { file } = await createBackup({ database: deps.database, files: deps.files }, { dir, now });
    if (deps.env.BACKUP_UPLOAD) {
      // The environment refuses BACKUP_UPLOAD without a key; checked again here, as nothing leaves unencrypted.
      if (!deps.env.BACKUP_KEY) throw new Error('BACKUP_UPLOAD needs BACKUP_KEY: the archive was not uploaded.');
      const encrypted = await encryptArchive(await readFile(file), deps.env.BACKUP_KEY);
      await deps.files.put(`backups/${basename(file)}${ENCRYPTED_SUFFIX}`, encrypted, 'application/octet-stream');
    }
    const removed = await pruneBackups(dir, { keep: deps.env.BACKUP_KEEP });
    await recordBackup(deps.database.db, { at: now, ok: true, file });
    deps.logger.info({ file, removed }, 'nightly backup written');
    return file;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordBackup(deps.database.db, { at: now, ok: false, error: message }).catch(() => {});
    deps.logger.error({ err: error }, 'nightly backup failed');
    throw error;
  }
}

/** Every night at BACKUP_TIME in the business time zone; on several instances pg-boss runs it once. */
export async function startBackupJobs(boss: PgBoss, deps: BackupDeps) {
  // An in-memory install (tests) has no disk to back up to unless told where.
  if (deps.env.DATA_DIR === 'memory://' && !deps.env.BACKUP_DIR) return;
  await securePrivateFolder(backupDirOf(deps.env));
  await runOnCron(boss, BACKUP_QUEUE, backupCron(deps.env.BACKUP_TIME), () => runNightlyBackup(deps), {
    tz: deps.env.BUSINESS_TIME_ZONE,
    retryLimit: 2,
    retryDelay: 600,
  });
}
