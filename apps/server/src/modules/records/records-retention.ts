// Records are kept for the owner's retention period after the client's last appointment, then deleted (decision 070).
import { inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, booking, healthRecord, treatmentNote } from '../../db/schema.ts';
import { currentRecordsSettings } from './records-settings.ts';

/**
 * Deletes the questionnaires and notes of every client whose last appointment (or, with none, last record) is older
 * than the retention period; one audit line names how many clients, and each client by id only.
 */
export async function deleteExpiredRecords(deps: { db: Db; now?: () => number }) {
  const now = new Date(deps.now?.() ?? Date.now());
  return deps.db.transaction(async (tx) => {
    const { retentionYears } = await currentRecordsSettings(tx);
    const cutoff = new Date(now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retentionYears);
    const lastRecords = await tx
      .select({ clientId: healthRecord.clientId, at: max(healthRecord.signedAt) })
      .from(healthRecord)
      .groupBy(healthRecord.clientId)
      .unionAll(
        tx
          .select({ clientId: treatmentNote.clientId, at: max(treatmentNote.createdAt) })
          .from(treatmentNote)
          .groupBy(treatmentNote.clientId),
      );
    const clientIds = [...new Set(lastRecords.map((r) => r.clientId))];
    if (clientIds.length === 0) return { clients: 0 };
    const lastAppointments = await tx
      .select({ clientId: booking.clientId, at: max(booking.startsAt) })
      .from(booking)
      .where(inArray(booking.clientId, clientIds))
      .groupBy(booking.clientId);
    const latest = new Map<string, number>();
    for (const row of [...lastRecords, ...lastAppointments]) {
      if (!row.clientId || !row.at) continue;
      const at = new Date(row.at).getTime();
      latest.set(row.clientId, Math.max(latest.get(row.clientId) ?? 0, at));
    }
    const expired = clientIds.filter((id) => (latest.get(id) ?? 0) < cutoff.getTime());
    if (expired.length === 0) return { clients: 0 };
    await tx.delete(healthRecord).where(inArray(healthRecord.clientId, expired));
    await tx.delete(treatmentNote).where(inArray(treatmentNote.clientId, expired));
    await tx.insert(auditLog).values({
      actorId: null,
      actorEmail: 'retention job',
      action: 'records_retention_deleted',
      entityType: 'client_record',
      entityId: 'retention',
      before: null,
      after: { clients: expired, retentionYears, cutoff: cutoff.toISOString() },
    });
    return { clients: expired.length };
  });
}
