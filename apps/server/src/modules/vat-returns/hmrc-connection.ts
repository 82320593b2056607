// The business's link to HMRC: the OAuth 2.0 authorisation-code grant, the tokens sealed under RECORDS_KEY
// (decision 068), a refresh before they run out or when HMRC says they have, and disconnecting.
import { createHash, randomBytes } from 'node:crypto';
import { AppError, connectHmrcInput, type HmrcConnection } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hmrcConnection } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { saveSingleRow } from '../../lib/single-row.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, requireRole } from '../auth/actor.ts';
import { seal, unseal } from '../records/records-crypto.ts';
import {
  authorizeUrl,
  exchangeCode,
  type HmrcConfig,
  HmrcError,
  type HmrcTokens,
  refreshTokens,
} from './hmrc-client.ts';

export type VatDeps = { db: Db; env: Env; recordsKey: Buffer; now?: () => number };

const SEAL_CONTEXT = 'hmrc-connection:tokens';
/** How long the owner has to answer HMRC's consent page. */
const PENDING_MS = 15 * 60_000;
/** Tokens this close to running out are refreshed before a call rather than after a refusal. */
const REFRESH_EARLY_MS = 60_000;

export const VAT_RETURNS_PATH = '/vat-returns';
export const callbackPath = '/api/admin/vat/callback';
const redirectUriOf = (env: Env) => new URL(callbackPath, env.PUBLIC_URL).toString();
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

export function hmrcConfigOf(env: Env): HmrcConfig | null {
  if (!env.HMRC_CLIENT_ID || !env.HMRC_CLIENT_SECRET) return null;
  return {
    apiUrl: env.HMRC_API_URL,
    authUrl: env.HMRC_AUTH_URL,
    clientId: env.HMRC_CLIENT_ID,
    clientSecret: env.HMRC_CLIENT_SECRET,
  };
}

export function requireConfig(env: Env): HmrcConfig {
  const config = hmrcConfigOf(env);
  if (!config)
    throw new AppError('CONFLICT', 'Filing with HMRC is off: set HMRC_CLIENT_ID and HMRC_CLIENT_SECRET on the server.');
  return config;
}

async function connectionRow(db: Db) {
  const [row] = await db.select().from(hmrcConnection).where(eq(hmrcConnection.id, 1));
  return row ?? null;
}

export async function connectionStatus(deps: VatDeps, { actor }: { actor: Actor | null }): Promise<HmrcConnection> {
  requireRole(actor, 'admin');
  const row = await connectionRow(deps.db);
  const connected = Boolean(row?.sealedTokens);
  return {
    configured: hmrcConfigOf(deps.env) !== null,
    connected,
    vrn: connected ? (row?.vrn ?? null) : null,
    connectedAt: connected ? (row?.connectedAt?.toISOString() ?? null) : null,
    connectedBy: connected ? (row?.connectedBy ?? null) : null,
    apiUrl: deps.env.HMRC_API_URL,
  };
}

/** Starts the grant: remembers the VRN and the hash of a fresh `state`, and answers HMRC's consent address. */
export async function startConnection(deps: VatDeps, { actor, input }: InputRequest) {
  const owner = requireRole(actor, 'admin');
  const config = requireConfig(deps.env);
  const { vrn } = parseInput(connectHmrcInput, input);
  if ((await connectionRow(deps.db))?.sealedTokens)
    throw new AppError('CONFLICT', 'The business is already connected to HMRC: disconnect first to use another VRN.');
  const state = randomBytes(24).toString('base64url');
  const pending = {
    vrn,
    pendingState: hashOf(`${owner.id}:${state}`),
    pendingSince: new Date(deps.now?.() ?? Date.now()),
  };
  await saveSingleRow(deps.db, hmrcConnection, pending);
  return { authorizeUrl: authorizeUrl(config, { state, redirectUri: redirectUriOf(deps.env) }), vrn };
}

/**
 * HMRC's redirect back: the state must be the one this owner was given within the quarter hour; the code is
 * exchanged for tokens, sealed and kept with the VRN chosen at the start. Answers where the browser goes next.
 */
export async function finishConnection(
  deps: VatDeps,
  { actor, query }: { actor: Actor | null; query: Record<string, string | undefined> },
): Promise<string> {
  const owner = requireRole(actor, 'admin');
  const config = requireConfig(deps.env);
  const back = (outcome: string) => `${VAT_RETURNS_PATH}?hmrc=${outcome}`;
  const row = await connectionRow(deps.db);
  const now = deps.now?.() ?? Date.now();
  if (
    !row?.pendingState ||
    !query.state ||
    row.pendingState !== hashOf(`${owner.id}:${query.state}`) ||
    !row.pendingSince ||
    now - row.pendingSince.getTime() > PENDING_MS
  )
    return back('expired');
  if (query.error || !query.code) {
    await deps.db
      .update(hmrcConnection)
      .set({ pendingState: null, pendingSince: null })
      .where(eq(hmrcConnection.id, 1));
    return back('refused');
  }
  const tokens = await exchangeCode(config, query.code, redirectUriOf(deps.env), now).catch((error) => {
    if (error instanceof HmrcError) return null;
    throw error;
  });
  if (!tokens) return back('failed');
  const vrn = row.vrn;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(hmrcConnection)
      .set({
        vrn,
        sealedTokens: seal(deps.recordsKey, tokens, SEAL_CONTEXT),
        pendingState: null,
        pendingSince: null,
        connectedAt: new Date(now),
        connectedBy: owner.email,
      })
      .where(eq(hmrcConnection.id, 1));
    await recordAudit(tx, {
      actor: owner,
      action: 'hmrc.connect',
      entityType: 'vat_return',
      entityId: vrn,
      before: null,
      after: { vrn, scope: 'read:vat write:vat' },
    });
  });
  return back('connected');
}

export async function disconnect(deps: VatDeps, { actor }: { actor: Actor | null }) {
  const owner = requireRole(actor, 'admin');
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(hmrcConnection).where(eq(hmrcConnection.id, 1)).returning();
    if (!row?.sealedTokens) throw new AppError('NOT_FOUND', 'The business is not connected to HMRC.');
    await recordAudit(tx, {
      actor: owner,
      action: 'hmrc.disconnect',
      entityType: 'vat_return',
      entityId: row.vrn,
      before: { vrn: row.vrn, connectedAt: row.connectedAt?.toISOString() ?? null },
      after: null,
    });
  });
}

/** The connected VRN and a way to call HMRC with fresh tokens: refreshed when near their end, and once more when HMRC says they ran out. */
export async function withHmrc<T>(
  deps: VatDeps,
  call: (config: HmrcConfig, vrn: string, accessToken: string) => Promise<T>,
): Promise<T> {
  const config = requireConfig(deps.env);
  const row = await connectionRow(deps.db);
  if (!row?.sealedTokens)
    throw new AppError('CONFLICT', 'Connect the business to HMRC first (VAT returns → Connect to HMRC).');
  let tokens = unseal<HmrcTokens>(deps.recordsKey, row.sealedTokens, SEAL_CONTEXT);
  const now = () => deps.now?.() ?? Date.now();
  if (tokens.expiresAt - REFRESH_EARLY_MS < now()) tokens = await refreshed(deps, config, tokens);
  try {
    return await call(config, row.vrn, tokens.accessToken);
  } catch (error) {
    if (!(error instanceof HmrcError) || error.status !== 401) throw error;
    tokens = await refreshed(deps, config, tokens);
    return call(config, row.vrn, tokens.accessToken);
  }
}

/**
 * Trades the refresh token for new tokens under a row lock: HMRC's refresh tokens work once, so a second request
 * refreshing at the same moment takes the tokens the first one stored instead of spending the old one again.
 */
async function refreshed(deps: VatDeps, config: HmrcConfig, stale: HmrcTokens): Promise<HmrcTokens> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(hmrcConnection).where(eq(hmrcConnection.id, 1)).for('update');
    if (!row?.sealedTokens) throw new AppError('CONFLICT', 'Connect the business to HMRC first.');
    const current = unseal<HmrcTokens>(deps.recordsKey, row.sealedTokens, SEAL_CONTEXT);
    if (current.accessToken !== stale.accessToken) return current;
    const fresh = await refreshTokens(config, current.refreshToken, deps.now?.() ?? Date.now()).catch((error) => {
      if (error instanceof HmrcError && error.status >= 400 && error.status < 500)
        throw new AppError(
          'CONFLICT',
          'HMRC no longer accepts this connection (it lasts 18 months): disconnect and connect to HMRC again.',
        );
      throw error;
    });
    await tx
      .update(hmrcConnection)
      .set({ sealedTokens: seal(deps.recordsKey, fresh, SEAL_CONTEXT) })
      .where(eq(hmrcConnection.id, 1));
    return fresh;
  });
}
