import { type BackupStatus, hideBackupWarningInput } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSetting } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type InputRequest, requireRole } from '../auth/actor.ts';
import type { BackupRecord } from '../backups/backup.service.ts';

const BACKUP_OVERDUE_MS = 2 * 86_400_000;

/**
 * Each owner's hidden warning, in app_setting under their own key (decision 090): a warning is read by a person, so
 * another admin still sees it until they hide it too, and every server instance and device reads the same row.
 */
const hiddenKeyOf = (userId: string) => `backup_warning_hidden:${userId}`;

/**
 * The nightly backup as the dashboard tells it. The warning is named after what it is about: the failure (its time)
 * or the last good backup it is overdue since, so a new failure or a new spell without backups is a new warning.
 */
export function backupStatusOf(record: BackupRecord | null, now: number, hidden: string | null): BackupStatus {
  const lastSuccessAt = record?.lastSuccessAt ?? null;
  const lastFailureAt = record?.lastFailureAt ?? null;
  const failedSince = lastFailureAt !== null && (lastSuccessAt === null || lastFailureAt > lastSuccessAt);
  const overdue = lastSuccessAt === null || now - Date.parse(lastSuccessAt) > BACKUP_OVERDUE_MS;
  const warning = failedSince
    ? `failed ${lastFailureAt}`
    : overdue
      ? `overdue since ${lastSuccessAt ?? 'never'}`
      : null;
  return {
    lastSuccessAt,
    overdue,
    lastError: failedSince ? (record?.lastError ?? null) : null,
    warning,
    warningHidden: warning !== null && warning === hidden,
  };
}

/** The warning this owner last hid, if any. */
export async function hiddenBackupWarning(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(appSetting)
    .where(eq(appSetting.key, hiddenKeyOf(userId)));
  return (row?.value as { warning?: string } | undefined)?.warning ?? null;
}

/** The owner has read the backup warning and hides it until there is a newer one. */
export async function hideBackupWarning(db: DbOrTx, { actor, input }: InputRequest) {
  const admin = requireRole(actor, 'admin');
  const { warning } = parseInput(hideBackupWarningInput, input);
  const value = { warning };
  await db.transaction(async (tx) => {
    await tx
      .insert(appSetting)
      .values({ key: hiddenKeyOf(admin.id), value })
      .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: new Date() } });
    await recordAudit(tx, {
      actor: admin,
      action: 'backup-warning.hidden',
      entityType: 'setting',
      entityId: 'backup-warning',
      before: null,
      after: value,
    });
  });
}
