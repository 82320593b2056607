// The owner's view of one client's whole record, on screen and as a PDF; each opening is audited.
import { AppError } from '@app/shared';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { auditRecords, type RecordsDeps } from './health-records.service.ts';
import { clientRecordOf } from './records-read.ts';

export async function clientRecord(deps: RecordsDeps, { actor, clientId }: { actor: Actor | null; clientId: string }) {
  const owner = requireRole(actor, 'admin');
  const [client] = await deps.db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, String(clientId).slice(0, 200)));
  if (!client) throw new AppError('NOT_FOUND', 'There is no such client.');
  const record = await clientRecordOf(deps.db, deps.recordsKey, client, deps.now?.() ?? Date.now());
  await auditRecords(deps.db, owner, 'client_record_read', client.id);
  return record;
}

export async function clientRecordPdf(
  deps: RecordsDeps & { env: Env },
  request: { actor: Actor | null; clientId: string },
) {
  const record = await clientRecord(deps, request);
  // pdfkit is loaded with the first PDF, not with the server (decision 088).
  const { renderClientRecordPdf } = await import('./record-pdf.ts');
  const pdf = await renderClientRecordPdf(record, {
    businessName: deps.env.BUSINESS_NAME,
    timeZone: deps.env.BUSINESS_TIME_ZONE,
    locale: deps.env.BUSINESS_LOCALE,
    printedAt: deps.now?.() ?? Date.now(),
  });
  return { pdf, fileName: `client-record-${record.client.name.replace(/[^A-Za-z0-9]+/g, '-')}.pdf` };
}
