import { type Question, type RecordsSettings, recordsSettingsInput } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordsSettings } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, requireRole } from '../auth/actor.ts';

const yesNo = (id: string, label: string): Question => ({
  id,
  label,
  kind: 'yes_no',
  options: [],
  required: true,
  redFlagAnswers: ['yes'],
});
const text = (id: string, label: string, redFlag = false): Question => ({
  id,
  label,
  kind: 'text',
  options: [],
  required: false,
  redFlagAnswers: redFlag ? ['*'] : [],
});

/** A massage practice's usual consultation form: what the owner starts from and may change. */
export const DEFAULT_QUESTIONS: Question[] = [
  yesNo('surgery', 'Have you had surgery in the last six months?'),
  yesNo('clots', 'Have you ever had blood clots or deep vein thrombosis (DVT)?'),
  yesNo('pregnant', 'Are you pregnant?'),
  text('pregnancy_term', 'If you are pregnant, how many weeks?'),
  yesNo('heart', 'Do you have a heart condition or high blood pressure?'),
  yesNo('skin', 'Do you have a skin condition, rash or open wound?'),
  yesNo('allergies', 'Are you allergic to any oils or nuts?'),
  text('medication', 'What medication do you take, if any?'),
  text('avoid', 'Are there areas you want me to avoid?', true),
  {
    id: 'pressure',
    label: 'What pressure do you prefer?',
    kind: 'choice',
    options: ['Light', 'Medium', 'Firm'],
    required: true,
    redFlagAnswers: [],
  },
  text('gp', "Your GP's name (optional)"),
];

export const DEFAULT_CONSENT =
  'I confirm that the information I have given is correct to the best of my knowledge, and I will say if anything changes. I understand that massage is not a substitute for medical care, and I consent to receive massage treatment.';

/** The one row of settings, made with the defaults on first use. */
export async function currentRecordsSettings(db: DbOrTx): Promise<RecordsSettings> {
  await db
    .insert(recordsSettings)
    .values({ id: 'practice', questions: DEFAULT_QUESTIONS, consentText: DEFAULT_CONSENT })
    .onConflictDoNothing();
  const [row] = await db.select().from(recordsSettings).where(eq(recordsSettings.id, 'practice'));
  if (!row) throw new Error('records settings missing');
  return {
    version: row.version,
    questions: row.questions,
    consentText: row.consentText,
    renewMonths: row.renewMonths,
    retentionYears: row.retentionYears,
  };
}

export async function getRecordsSettings(db: DbOrTx, { actor }: { actor: Actor | null }) {
  requireRole(actor, 'admin');
  return currentRecordsSettings(db);
}

/** A change of questions or consent wording is a new version; the periods alone are not. */
export async function updateRecordsSettings(db: Db, { actor, input }: InputRequest): Promise<RecordsSettings> {
  const owner = requireRole(actor, 'admin');
  const settings = parseInput(recordsSettingsInput, input);
  return db.transaction(async (tx) => {
    const before = await currentRecordsSettings(tx);
    const wordingChanged =
      JSON.stringify(before.questions) !== JSON.stringify(settings.questions) ||
      before.consentText !== settings.consentText;
    await tx
      .update(recordsSettings)
      .set({ ...settings, version: wordingChanged ? sql`${recordsSettings.version} + 1` : before.version })
      .where(eq(recordsSettings.id, 'practice'));
    const after = await currentRecordsSettings(tx);
    await recordAudit(tx, {
      actor: owner,
      action: 'records_settings_updated',
      entityType: 'setting',
      entityId: 'records',
      before: { version: before.version },
      after: { version: after.version, renewMonths: after.renewMonths, retentionYears: after.retentionYears },
    });
    return after;
  });
}
