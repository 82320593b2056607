// HMRC's OAuth 2.0 token endpoint and Making Tax Digital VAT API (v1.0), spoken over fetch. Knows nothing of the
// database: the service hands it the tokens and the fraud-prevention headers of the owner's request.
import type { NineBoxes, VatLiability, VatObligation, VatPayment } from '@app/shared';

export type HmrcConfig = { apiUrl: string; authUrl: string; clientId: string; clientSecret: string };
export type HmrcTokens = { accessToken: string; refreshToken: string; expiresAt: number };

/** What HMRC answered when it refused: its code (`DUPLICATE_SUBMISSION`, `VRN_INVALID`…) and HTTP status. */
export class HmrcError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'HmrcError';
    this.status = status;
    this.code = code;
  }
}

export const HMRC_SCOPES = 'read:vat write:vat';
const ACCEPT = 'application/vnd.hmrc.1.0+json';
const TIMEOUT_MS = 20_000;

export function authorizeUrl(config: HmrcConfig, { state, redirectUri }: { state: string; redirectUri: string }) {
  const url = new URL('/oauth/authorize', config.authUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    scope: HMRC_SCOPES,
    state,
    redirect_uri: redirectUri,
  }).toString();
  return url.toString();
}

async function send(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new HmrcError(0, 'UNREACHABLE', `HMRC could not be reached (${(error as Error).message})`);
  }
}

async function refusal(response: Response): Promise<HmrcError> {
  const body = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
    error?: string;
    error_description?: string;
  } | null;
  return new HmrcError(
    response.status,
    body?.code ?? body?.error ?? `HTTP_${response.status}`,
    body?.message ?? body?.error_description ?? response.statusText,
  );
}

async function tokenGrant(config: HmrcConfig, grant: Record<string, string>, now: number): Promise<HmrcTokens> {
  const response = await send(new URL('/oauth/token', config.apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...grant }),
  });
  if (!response.ok) throw await refusal(response);
  const body = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: now + body.expires_in * 1000 };
}

export const exchangeCode = (config: HmrcConfig, code: string, redirectUri: string, now: number) =>
  tokenGrant(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now);

export const refreshTokens = (config: HmrcConfig, refreshToken: string, now: number) =>
  tokenGrant(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);

type Call = { accessToken: string; fraudHeaders: Record<string, string> };

async function vatApi<T>(
  config: HmrcConfig,
  call: Call,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await send(new URL(path, config.apiUrl), {
    method,
    headers: {
      accept: ACCEPT,
      authorization: `Bearer ${call.accessToken}`,
      ...call.fraudHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as T;
}

const vrnPath = (vrn: string) => `/organisations/vat/${encodeURIComponent(vrn)}`;

export async function fetchObligations(
  config: HmrcConfig,
  call: Call,
  { vrn, from, to }: { vrn: string; from: string; to: string },
): Promise<VatObligation[]> {
  const query = new URLSearchParams({ from, to });
  try {
    const body = await vatApi<{ obligations: (Omit<VatObligation, 'received'> & { received?: string })[] }>(
      config,
      call,
      'GET',
      `${vrnPath(vrn)}/obligations?${query}`,
    );
    return body.obligations.map((obligation) => ({ ...obligation, received: obligation.received ?? null }));
  } catch (error) {
    // HMRC answers 404 NOT_FOUND when the range holds no obligation at all.
    if (error instanceof HmrcError && error.status === 404 && error.code === 'NOT_FOUND') return [];
    throw error;
  }
}

/** The body HMRC takes: the nine boxes under their names, 1–5 in pounds with pence, 6–9 in whole pounds. */
export type HmrcReturnBody = { periodKey: string; finalised: boolean } & Record<keyof NineBoxes, number>;
export type HmrcReceipt = {
  processingDate: string;
  formBundleNumber: string;
  paymentIndicator?: string;
  chargeRefNumber?: string;
};

export const submitReturn = (config: HmrcConfig, call: Call, vrn: string, body: HmrcReturnBody) =>
  vatApi<HmrcReceipt>(config, call, 'POST', `${vrnPath(vrn)}/returns`, body);

export const viewReturn = (config: HmrcConfig, call: Call, vrn: string, periodKey: string) =>
  vatApi<HmrcReturnBody>(config, call, 'GET', `${vrnPath(vrn)}/returns/${encodeURIComponent(periodKey)}`);

export async function fetchLiabilities(
  config: HmrcConfig,
  call: Call,
  { vrn, from, to }: { vrn: string; from: string; to: string },
): Promise<VatLiability[]> {
  const body = await vatApi<{
    liabilities: {
      taxPeriod?: { from: string; to: string };
      type: string;
      originalAmount: number;
      outstandingAmount?: number;
      due?: string;
    }[];
  }>(config, call, 'GET', `${vrnPath(vrn)}/liabilities?${new URLSearchParams({ from, to })}`).catch((error) => {
    if (error instanceof HmrcError && error.status === 404) return { liabilities: [] };
    throw error;
  });
  return body.liabilities.map((item) => ({
    from: item.taxPeriod?.from ?? '',
    to: item.taxPeriod?.to ?? '',
    type: item.type,
    originalAmount: Math.round(item.originalAmount * 100),
    outstandingAmount: item.outstandingAmount === undefined ? null : Math.round(item.outstandingAmount * 100),
    due: item.due ?? null,
  }));
}

export async function fetchPayments(
  config: HmrcConfig,
  call: Call,
  { vrn, from, to }: { vrn: string; from: string; to: string },
): Promise<VatPayment[]> {
  const body = await vatApi<{ payments: { amount: number; received?: string }[] }>(
    config,
    call,
    'GET',
    `${vrnPath(vrn)}/payments?${new URLSearchParams({ from, to })}`,
  ).catch((error) => {
    if (error instanceof HmrcError && error.status === 404) return { payments: [] };
    throw error;
  });
  return body.payments.map((item) => ({ amount: Math.round(item.amount * 100), received: item.received ?? null }));
}
