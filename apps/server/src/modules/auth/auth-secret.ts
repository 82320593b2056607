import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSetting } from '../../db/schema.ts';

/**
 * AUTH_SECRET when set; otherwise one generated on the first start and kept in the database,
 * so a new install works at once and every instance of a scaled install signs alike.
 */
export async function resolveAuthSecret(db: Db, { configured }: { configured: string | undefined }): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSetting)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, 'auth_secret'));
  if (typeof row?.value !== 'string') throw new Error('auth secret missing from app_setting');
  return row.value;
}
