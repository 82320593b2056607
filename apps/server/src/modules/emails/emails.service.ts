import {
  AppError,
  composeEmailInput,
  type EmailKind,
  type EmailSettings,
  type EmailTemplate,
  emailKindSchema,
  emailKinds,
  emailSettingsSchema,
  emailTemplateInput,
  listEmailsQuery,
} from '@app/shared';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { businessSettings, type EmailAttachment, emailOutbox, emailTemplate, user } from '../../db/schema.ts';
import { containsPattern, parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, type QueryRequest, type RowRequest, requireRole } from '../auth/actor.ts';
import { type BusinessEnv, getBusinessDetails } from '../business/business.service.ts';
import type { Outbox, OutgoingEmail } from '../outbox/outbox.service.ts';
import { documentBrandOf } from '../website/website.service.ts';
import {
  defaultTemplates,
  type EmailBrand,
  htmlFromText,
  renderTemplate,
  type TemplateVariables,
} from './templates.ts';

/** The template in force for a kind: the owner's wording if saved, else the default. */
async function templateOf(db: DbOrTx, kind: EmailKind) {
  const [saved] = await db.select().from(emailTemplate).where(eq(emailTemplate.kind, kind));
  return saved ?? defaultTemplates[kind];
}

/** An email of a kind, rendered from the template in force (read in the caller's transaction). */
export async function composeEmail(
  db: DbOrTx,
  request: {
    kind: EmailKind;
    to: string;
    variables: TemplateVariables;
    attachments?: EmailAttachment[];
    dedupeKey?: string;
    /** Variables that differ in the subject line (discretion: the subject shows on a lock screen). */
    subjectVariables?: TemplateVariables;
    /** The line a mail app previews under the subject. */
    preheader?: string;
    /** The site's public address, for the logo in the header. */
    publicUrl?: string;
  },
): Promise<OutgoingEmail> {
  const { kind, to, variables: given, subjectVariables, preheader, publicUrl, ...delivery } = request;
  let variables = given;
  const template = await templateOf(db, kind);
  // The business variables come from the owner's business details; the caller's (the environment's) are the defaults.
  const business = await getBusinessDetails({
    db,
    env: {
      BUSINESS_NAME: String(variables.businessName ?? ''),
      BUSINESS_AREA: '',
      BUSINESS_PHONE: String(variables.businessPhone ?? ''),
      BUSINESS_EMAIL: String(variables.businessEmail ?? ''),
    },
  });
  variables = {
    ...variables,
    businessName: business.businessName,
    businessPhone: business.phone,
    businessEmail: business.email,
  };
  const text = renderTemplate(template.body, variables);
  const subject = renderTemplate(template.subject, { ...variables, ...subjectVariables });
  const brand = await emailBrandOf(db, { publicUrl, businessName: String(variables.businessName ?? '') });
  return { to, kind, subject, text, html: htmlFromText(text, preheader, brand), ...delivery };
}

/** The logo needs the site's public address (emails are read elsewhere); without it the header shows the name. */
export async function emailBrandOf(
  db: DbOrTx,
  { publicUrl, businessName }: { publicUrl: string | undefined; businessName: string },
): Promise<EmailBrand> {
  const brand = await documentBrandOf({ db, files: null }, { publicUrl: publicUrl ?? '' });
  return {
    color: brand.color,
    logoUrl: publicUrl && brand.logo ? brand.logo.url : null,
    businessName,
    fonts: brand.fonts,
  };
}

export async function getEmailSettings(db: DbOrTx, { actor }: { actor: Actor | null }): Promise<EmailSettings> {
  requireRole(actor, 'admin');
  const [row] = await db
    .select({ nameSensualTreatments: businessSettings.nameSensualTreatments })
    .from(businessSettings)
    .where(eq(businessSettings.id, 1));
  return { nameSensualTreatments: row?.nameSensualTreatments ?? false };
}

/** Whether calendar files and email subjects/previews name sensual treatments (off by default: decision 026). */
export async function saveEmailSettings(db: Db, { actor, input }: InputRequest): Promise<EmailSettings> {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(emailSettingsSchema, input);
  return db.transaction(async (tx) => {
    const before = await getEmailSettings(tx, { actor: admin });
    await tx.update(businessSettings).set(data).where(eq(businessSettings.id, 1));
    await recordAudit(tx, {
      actor: admin,
      action: 'email-settings.saved',
      entityType: 'setting',
      entityId: 'email-settings',
      before,
      after: data,
    });
    return data;
  });
}

export async function listTemplates(db: Db, { actor }: { actor: Actor | null }): Promise<EmailTemplate[]> {
  requireRole(actor, 'admin');
  const saved = new Map((await db.select().from(emailTemplate)).map((t) => [t.kind, t]));
  return emailKinds.map((kind) => {
    const own = saved.get(kind);
    const fallback = defaultTemplates[kind];
    return {
      kind,
      description: fallback.description,
      variables: fallback.variables,
      subject: own?.subject ?? fallback.subject,
      body: own?.body ?? fallback.body,
      isDefault: !own,
    };
  });
}

function kindOf(value: string): EmailKind {
  const parsed = emailKindSchema.safeParse(value);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'No such email template.');
  return parsed.data;
}

function unknownVariables(kind: EmailKind, text: string): string[] {
  const known = new Set(defaultTemplates[kind].variables);
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').filter((name) => !known.has(name));
}

export async function saveTemplate(
  db: Db,
  { actor, kind: kindParam, input }: { actor: Actor | null; kind: string; input: unknown },
) {
  const admin = requireRole(actor, 'admin');
  const kind = kindOf(kindParam);
  const data = parseInput(emailTemplateInput, input);
  const unknown = unknownVariables(kind, `${data.subject}\n${data.body}`);
  if (unknown.length)
    throw new AppError(
      'VALIDATION',
      `Unknown variable: {{${unknown[0]}}}. Use ${defaultTemplates[kind].variables.map((v) => `{{${v}}}`).join(', ')}.`,
    );
  return db.transaction(async (tx) => {
    const before = (await tx.select().from(emailTemplate).where(eq(emailTemplate.kind, kind)))[0] ?? null;
    await tx
      .insert(emailTemplate)
      .values({ kind, ...data })
      .onConflictDoUpdate({ target: emailTemplate.kind, set: data });
    await recordAudit(tx, {
      actor: admin,
      action: 'email-template.saved',
      entityType: 'setting',
      entityId: `email-template:${kind}`,
      before,
      after: data,
    });
  });
}

export async function restoreTemplate(db: Db, { actor, kind: kindParam }: { actor: Actor | null; kind: string }) {
  const admin = requireRole(actor, 'admin');
  const kind = kindOf(kindParam);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(emailTemplate).where(eq(emailTemplate.kind, kind)).returning();
    await recordAudit(tx, {
      actor: admin,
      action: 'email-template.restored',
      entityType: 'setting',
      entityId: `email-template:${kind}`,
      before: before ?? null,
      after: null,
    });
  });
}

/** A live preview of unsaved wording with example values. */
export async function previewTemplate(
  deps: { db: Db; env: BusinessEnv },
  { actor, kind: kindParam, input }: { actor: Actor | null; kind: string; input: unknown },
) {
  const { businessName } = await getBusinessDetails(deps);
  requireRole(actor, 'admin');
  const kind = kindOf(kindParam);
  const data = parseInput(emailTemplateInput, input);
  const example: TemplateVariables = {
    name: 'Alex Example',
    clientName: 'Alex Example',
    clientEmail: 'alex@example.com',
    clientPhone: '07700 900123',
    service: 'Swedish massage',
    duration: 60,
    price: '£70.00',
    when: 'Tuesday 3 March 2026 at 14:00 GMT (Europe/London)',
    previousWhen: 'Monday 2 March 2026 at 11:00 GMT (Europe/London)',
    address: '12 Example Street, London',
    businessName,
    manageUrl: 'https://example.com/bookings',
    healthFormUrl: 'https://example.com/health-form',
    url: 'https://example.com/link',
    newEmail: 'new@example.com',
    reason: 'Illness',
    notes: 'First visit',
    status: 'confirmed',
    document: 'invoice',
    label: 'INV-000042',
    total: '£70.00',
    amountDue: '£70.00',
    dueDate: '17 March 2026',
    footer: 'Bank: Example Bank, sort code 00-00-00, account 12345678',
  };
  const text = renderTemplate(data.body, example);
  return {
    subject: renderTemplate(data.subject, example),
    text,
    html: htmlFromText(text),
    unknownVariables: unknownVariables(kind, `${data.subject}\n${data.body}`),
  };
}

export async function listEmails(db: Db, { actor, query }: QueryRequest) {
  requireRole(actor, 'admin');
  const q = parseInput(listEmailsQuery, query);
  const where = and(
    q.status ? eq(emailOutbox.status, q.status) : undefined,
    q.q
      ? or(ilike(emailOutbox.recipient, containsPattern(q.q)), ilike(emailOutbox.subject, containsPattern(q.q)))
      : undefined,
  );
  const rows = await db
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { total: rows[0]?.total ?? 0, emails: rows.map(({ total: _total, ...row }) => row) };
}

async function findEmail(db: Db, id: string) {
  const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)) : [];
  if (!row) throw new AppError('NOT_FOUND', 'No such email.');
  return row;
}

/** One email exactly as it was sent: its text, its HTML body and its attachments (named, without their bytes). */
export async function getEmail(db: Db, { actor, id }: RowRequest) {
  requireRole(actor, 'admin');
  const row = await findEmail(db, id);
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    text: row.text,
    html: row.html,
    attachments: row.attachments.map((a, index) => ({
      index,
      filename: a.filename,
      contentType: a.contentType,
      sizeBytes: Buffer.byteLength(a.contentBase64, 'base64'),
    })),
  };
}

/** The bytes of one attachment of a sent email, for the owner to download. */
export async function emailAttachment(
  db: Db,
  { actor, id, index }: { actor: Actor | null; id: string; index: string },
) {
  requireRole(actor, 'admin');
  const row = await findEmail(db, id);
  const attachment = /^\d{1,3}$/.test(index) ? row.attachments[Number(index)] : undefined;
  if (!attachment) throw new AppError('NOT_FOUND', 'No such attachment.');
  return {
    filename: attachment.filename,
    contentType: attachment.contentType,
    bytes: Buffer.from(attachment.contentBase64, 'base64'),
  };
}

/** Sends an email again as a new outbox row (the original keeps its own history). */
export async function resendEmail({ db, outbox }: { db: Db; outbox: Outbox }, { actor, id }: RowRequest) {
  const admin = requireRole(actor, 'admin');
  const [original] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
    : [];
  if (!original) throw new AppError('NOT_FOUND', 'No such email.');
  if (original.recipient === 'erased@invalid')
    throw new AppError('CONFLICT', 'The recipient of this email was erased.');
  if (original.status === 'pending' || original.status === 'sending')
    throw new AppError('CONFLICT', 'This email is still on its way: resend it once it is sent or has failed.');
  return db.transaction(async (tx) => {
    const copy = await outbox.enqueue(tx, {
      to: original.recipient,
      subject: original.subject,
      text: original.text,
      html: original.html ?? undefined,
      attachments: original.attachments,
      kind: original.kind,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'email.resent',
      entityType: 'email',
      entityId: original.id,
      before: null,
      after: { copy },
    });
    return { id: copy };
  });
}

/** A one-off email from the owner to a customer. */
export async function composeToCustomer(
  { db, outbox, env }: { db: Db; outbox: Outbox; env: BusinessEnv },
  { actor, input }: InputRequest,
) {
  const { businessName } = await getBusinessDetails({ db, env });
  const admin = requireRole(actor, 'admin');
  const data = parseInput(composeEmailInput, input);
  const [customer] = await db.select().from(user).where(eq(user.id, data.customerId));
  if (customer?.role !== 'user') throw new AppError('NOT_FOUND', 'No such customer.');
  const text = `${data.body}\n\n${businessName}`;
  return db.transaction(async (tx) => {
    const id = await outbox.enqueue(tx, {
      to: customer.email,
      subject: data.subject,
      text,
      html: htmlFromText(text),
      kind: 'admin.message',
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'email.composed',
      entityType: 'customer',
      entityId: customer.id,
      before: null,
      after: { subject: data.subject },
    });
    return { id };
  });
}
