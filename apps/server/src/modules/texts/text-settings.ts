import { defaultTextTemplates, type TextKind, type TextSettings, textKinds } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { textSettings } from '../../db/schema.ts';
import type { Env } from '../../env.ts';

export type TextEnv = Pick<
  Env,
  | 'TWILIO_ACCOUNT_SID'
  | 'TWILIO_AUTH_TOKEN'
  | 'TWILIO_FROM'
  | 'TWILIO_MESSAGING_SERVICE_SID'
  | 'TWILIO_API_URL'
  | 'BUSINESS_TIME_ZONE'
  | 'BUSINESS_NAME'
  | 'BUSINESS_LOCALE'
  | 'PUBLIC_URL'
  | 'PORT'
>;

/** Texts are on when Twilio is configured: without it nothing is queued at all. */
export const textsEnabled = (env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN'>) =>
  Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN);

/** The owner's settings with every template filled in (the owner's wording, or the default). */
export async function readTextSettings(db: DbOrTx, env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN'>) {
  const [row] = await db.select().from(textSettings).where(eq(textSettings.id, 1));
  const templates = Object.fromEntries(
    textKinds.map((kind) => [kind, row?.templates[kind] ?? defaultTextTemplates[kind]]),
  ) as Record<TextKind, string>;
  return {
    enabled: textsEnabled(env),
    whatsapp: row?.whatsapp ?? false,
    reminderHours: row?.reminderHours ?? [24],
    templates,
    requireVerifiedPhone: row?.requireVerifiedPhone ?? false,
  } satisfies TextSettings;
}

/** A template with its variables filled in; an unknown one stays as written (the owner's form refuses them). */
export function renderText(template: string, variables: Partial<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => variables[name] ?? whole);
}
