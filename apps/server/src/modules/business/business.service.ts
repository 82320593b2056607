import { AppError, type BusinessDetails, type SetupStatus, updateBusinessDetailsInput } from '@app/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, businessSettings, emailOutbox } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, requireRole } from '../auth/actor.ts';

export type BusinessEnv = Pick<Env, 'BUSINESS_NAME' | 'BUSINESS_AREA' | 'BUSINESS_PHONE' | 'BUSINESS_EMAIL'>;

type SettingsRow = Pick<
  typeof businessSettings.$inferSelect,
  'businessName' | 'businessArea' | 'businessPhone' | 'businessEmail' | 'streetAddress'
>;

/** The owner's values where set, else the environment's defaults. */
export function businessDetailsOf(row: SettingsRow | undefined, env: BusinessEnv): BusinessDetails {
  return {
    businessName: row?.businessName ?? env.BUSINESS_NAME,
    area: row?.businessArea ?? env.BUSINESS_AREA,
    phone: row?.businessPhone ?? env.BUSINESS_PHONE,
    email: row?.businessEmail ?? env.BUSINESS_EMAIL,
    streetAddress: row?.streetAddress ?? '',
  };
}

/** How clients know and reach the business: what every email, invoice, page and 'please call us' text shows. */
export async function getBusinessDetails({ db, env }: { db: DbOrTx; env: BusinessEnv }): Promise<BusinessDetails> {
  const [row] = await db
    .select({
      businessName: businessSettings.businessName,
      businessArea: businessSettings.businessArea,
      businessPhone: businessSettings.businessPhone,
      businessEmail: businessSettings.businessEmail,
      streetAddress: businessSettings.streetAddress,
    })
    .from(businessSettings)
    .where(eq(businessSettings.id, 1));
  return businessDetailsOf(row, env);
}

export async function readBusinessDetails(deps: { db: DbOrTx; env: BusinessEnv }, { actor }: { actor: Actor | null }) {
  requireRole(actor, 'admin');
  return getBusinessDetails(deps);
}

export async function updateBusinessDetails(
  { db, env }: { db: DbOrTx; env: BusinessEnv },
  { actor, input }: InputRequest,
): Promise<BusinessDetails> {
  const admin = requireRole(actor, 'admin');
  const details = parseInput(updateBusinessDetailsInput, input);
  return db.transaction(async (tx) => {
    const before = await getBusinessDetails({ db: tx, env });
    const [updated] = await tx
      .update(businessSettings)
      .set({
        businessName: details.businessName,
        businessArea: details.area,
        businessPhone: details.phone,
        businessEmail: details.email,
        streetAddress: details.streetAddress,
      })
      .where(eq(businessSettings.id, 1))
      .returning({ id: businessSettings.id });
    if (!updated) throw new AppError('NOT_FOUND', 'The business settings are missing.');
    const after = await getBusinessDetails({ db: tx, env });
    await recordAudit(tx, {
      actor: admin,
      action: 'business-details.updated',
      entityType: 'setting',
      entityId: 'business-details',
      before,
      after,
    });
    return after;
  });
}

/** The dashboard's checklist of a new install; each step links to where it is done. */
export async function setupStatus(
  { db, env }: { db: DbOrTx; env: BusinessEnv & Pick<Env, 'SMTP_URL'> },
  { actor }: { actor: Actor | null },
) {
  requireRole(actor, 'admin');
  const reviewedActions = ['booking-rules.updated', 'service.updated', 'invoice-settings.updated'];
  const [details, settingsRows, reviewed, kept] = await Promise.all([
    getBusinessDetails({ db, env }),
    db
      .select({ dismissed: businessSettings.setupDismissed, vatRegistered: businessSettings.vatRegistered })
      .from(businessSettings)
      .where(eq(businessSettings.id, 1)),
    db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'setting'), inArray(auditLog.action, reviewedActions)))
      .union(
        db
          .selectDistinct({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'service'), eq(auditLog.action, 'service.updated'))),
      ),
    db.select({ count: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.status, 'captured')),
  ]);
  const done = new Set(reviewed.map((r) => r.action));
  const settings = settingsRows[0];
  const emailEnabled = Boolean(env.SMTP_URL);
  const status: SetupStatus = {
    steps: [
      {
        id: 'contact',
        label: 'Business phone and address',
        done: details.phone !== '' && details.streetAddress !== '',
        to: '/business',
      },
      { id: 'hours', label: 'Opening hours', done: done.has('booking-rules.updated'), to: '/availability' },
      { id: 'prices', label: 'Prices', done: done.has('service.updated'), to: '/availability' },
      { id: 'email', label: 'Email (mail server)', done: emailEnabled, to: '/emails' },
      {
        id: 'vat',
        label: 'VAT',
        done: Boolean(settings?.vatRegistered) || done.has('invoice-settings.updated'),
        to: '/invoices',
      },
    ],
    dismissed: settings?.dismissed ?? false,
    emailEnabled,
    emailsKept: Number(kept[0]?.count ?? 0),
  };
  return status;
}

export async function dismissSetup(db: DbOrTx, { actor }: { actor: Actor | null }) {
  const admin = requireRole(actor, 'admin');
  await db.transaction(async (tx) => {
    await tx.update(businessSettings).set({ setupDismissed: true }).where(eq(businessSettings.id, 1));
    await recordAudit(tx, {
      actor: admin,
      action: 'setup.dismissed',
      entityType: 'setting',
      entityId: 'setup',
      before: null,
      after: { dismissed: true },
    });
  });
}
