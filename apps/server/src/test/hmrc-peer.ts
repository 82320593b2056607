import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HeaderValidation, validateFraudHeaders } from '../modules/vat-returns/fraud-headers.ts';

export const TEST_HMRC = { clientId: 'hmrc-peer-client', clientSecret: 'hmrc-peer-secret' };

type Obligation = { periodKey: string; start: string; end: string; due: string; status: 'O' | 'F'; received?: string };
type Organisation = {
  obligations: Obligation[];
  returns: Map<string, Record<string, unknown>>;
  liabilities: Record<string, unknown>[];
  payments: Record<string, unknown>[];
};
type Token = { expiresAt: number; refresh: string };

/**
 * HMRC's check digits of a VAT registration number: the first seven digits weighted 8 down to 2, plus the last two,
 * is a multiple of 97 (or of 97 after adding 55, the newer series).
 */
export function isValidVrn(vrn: string): boolean {
  if (!/^\d{9}$/.test(vrn)) return false;
  const digits = vrn.split('').map(Number);
  const weighted = digits.slice(0, 7).reduce((sum, digit, index) => sum + digit * (8 - index), 0);
  const total = weighted + Number(vrn.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** A VRN whose check digits are right, different at each call (each test its own business). */
export function newVrn(): string {
  for (;;) {
    const head = String(randomInt(1_000_000, 9_999_999));
    const weighted = head.split('').reduce((sum, digit, index) => sum + Number(digit) * (8 - index), 0);
    const check = (97 - (weighted % 97)) % 97;
    const vrn = `${head}${String(check).padStart(2, '0')}`;
    if (isValidVrn(vrn)) return vrn;
  }
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const money = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && Math.round(value * 100) === value * 100;
const whole = (value: unknown) => typeof value === 'number' && Number.isInteger(value);

/**
 * A local peer speaking HMRC's OAuth 2.0 (authorisation code with an automatic consent, refresh tokens that work
 * once), the MTD VAT API v1.0 (obligations, returns submitted and viewed, liabilities, payments) with HMRC's error
 * answers, and the Test Fraud Prevention Headers API; every VAT call's fraud headers are checked and kept.
 * Control endpoints under `/__peer/` let end-to-end tests in another process set up a business.
 */
export async function startHmrcPeer(options: { port?: number } = {}) {
  const organisations = new Map<string, Organisation>();
  const codes = new Map<string, { redirectUri: string }>();
  const tokens = new Map<string, Token>();
  const refreshTokens = new Set<string>();
  const fraudChecks: { method: string; path: string; validation: HeaderValidation }[] = [];
  const grants: string[] = [];
  let denyNextConsent = false;

  const organisation = (vrn: string): Organisation => {
    let found = organisations.get(vrn);
    if (!found) {
      found = { obligations: [], returns: new Map(), liabilities: [], payments: [] };
      organisations.set(vrn, found);
    }
    return found;
  };

  const issueTokens = () => {
    const access = randomBytes(16).toString('hex');
    const refresh = randomBytes(16).toString('hex');
    tokens.set(access, { expiresAt: Date.now() + 4 * 3600_000, refresh });
    refreshTokens.add(refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: 14400,
      scope: 'read:vat write:vat',
      token_type: 'bearer',
    };
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://peer');
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const refuse = (status: number, code: string, message: string) => json(status, { code, message });

    // ---- The peer's own controls (not HMRC's API) ----
    if (url.pathname === '/__peer/organisations' && request.method === 'POST') {
      const given = JSON.parse(body) as { vrn: string; obligations: Obligation[] };
      organisation(given.vrn).obligations.push(...given.obligations);
      return json(201, {});
    }
    if (url.pathname === '/__peer/fraud-checks') return json(200, fraudChecks);
    if (url.pathname === '/__peer/returns') {
      const vrn = url.searchParams.get('vrn') ?? '';
      return json(200, Object.fromEntries(organisations.get(vrn)?.returns ?? []));
    }

    // ---- OAuth 2.0 ----
    if (url.pathname === '/oauth/authorize' && request.method === 'GET') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== TEST_HMRC.clientId || !redirectUri)
        return refuse(400, 'INVALID_REQUEST', 'unknown client_id or no redirect_uri');
      const back = new URL(redirectUri);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (denyNextConsent) {
        denyNextConsent = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { redirectUri });
        back.searchParams.set('code', code);
      }
      return response.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === '/oauth/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== TEST_HMRC.clientId || form.get('client_secret') !== TEST_HMRC.clientSecret)
        return json(401, { error: 'invalid_client', error_description: 'invalid client id or secret' });
      const grant = form.get('grant_type');
      grants.push(grant ?? '');
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (!code || code.redirectUri !== form.get('redirect_uri'))
          return json(400, { error: 'invalid_grant', error_description: 'code is invalid' });
        codes.delete(form.get('code') ?? '');
        return json(200, issueTokens());
      }
      if (grant === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (!refreshTokens.delete(refresh))
          return json(400, { error: 'invalid_grant', error_description: 'refresh_token is invalid' });
        for (const [access, token] of tokens) if (token.refresh === refresh) tokens.delete(access);
        return json(200, issueTokens());
      }
      return json(400, { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' });
    }

    // ---- Test Fraud Prevention Headers API ----
    if (url.pathname === '/test/fraud-prevention-headers/validate' && request.method === 'GET')
      return json(200, validateFraudHeaders(request.headers));

    // ---- MTD VAT API ----
    const match = /^\/organisations\/vat\/([^/]+)\/(obligations|returns|liabilities|payments)(?:\/([^/]+))?$/.exec(
      url.pathname,
    );
    if (!match)
      return refuse(
        404,
        'MATCHING_RESOURCE_NOT_FOUND',
        'A resource with the name in the request can not be found in the API',
      );
    if (request.headers.accept !== 'application/vnd.hmrc.1.0+json')
      return refuse(406, 'ACCEPT_HEADER_INVALID', 'The accept header is missing or invalid');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const token = tokens.get(bearer);
    if (!token) return refuse(401, 'MISSING_CREDENTIALS', 'Authentication information is not provided');
    if (token.expiresAt <= Date.now())
      return refuse(401, 'INVALID_CREDENTIALS', 'Invalid Authentication information provided');
    fraudChecks.push({
      method: request.method ?? '',
      path: url.pathname,
      validation: validateFraudHeaders(request.headers),
    });
    const [, vrn = '', resource, periodKey] = match;
    if (!isValidVrn(vrn)) return refuse(400, 'VRN_INVALID', 'The provided VRN is invalid');
    const org = organisation(vrn);
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';

    if (request.method === 'GET' && resource !== 'returns') {
      if (!DATE.test(from)) return refuse(400, 'INVALID_DATE_FROM', 'Invalid date from');
      if (!DATE.test(to)) return refuse(400, 'INVALID_DATE_TO', 'Invalid date to');
      if (from > to) return refuse(400, 'INVALID_DATE_RANGE', 'Invalid date range');
    }
    if (resource === 'obligations' && request.method === 'GET') {
      const status = url.searchParams.get('status');
      const found = org.obligations.filter(
        (item) => item.start <= to && item.end >= from && (!status || item.status === status),
      );
      return found.length
        ? json(200, { obligations: found })
        : refuse(404, 'NOT_FOUND', 'The requested resource could not be found');
    }
    if (resource === 'liabilities' && request.method === 'GET')
      return org.liabilities.length
        ? json(200, { liabilities: org.liabilities })
        : refuse(404, 'NOT_FOUND', 'The requested resource could not be found');
    if (resource === 'payments' && request.method === 'GET')
      return org.payments.length
        ? json(200, { payments: org.payments })
        : refuse(404, 'NOT_FOUND', 'The requested resource could not be found');
    if (resource === 'returns' && request.method === 'GET' && periodKey) {
      const filed = org.returns.get(decodeURIComponent(periodKey));
      return filed ? json(200, filed) : refuse(404, 'NOT_FOUND', 'The requested resource could not be found');
    }
    if (resource === 'returns' && request.method === 'POST' && !periodKey) {
      const sent = JSON.parse(body || '{}') as Record<string, unknown>;
      const key = String(sent.periodKey ?? '');
      if (!/^[A-Z0-9#]{4}$/i.test(key)) return refuse(400, 'INVALID_PERIODKEY', 'Invalid period key');
      const moneyBoxes = ['vatDueSales', 'vatDueAcquisitions', 'totalVatDue', 'vatReclaimedCurrPeriod', 'netVatDue'];
      const wholeBoxes = [
        'totalValueSalesExVAT',
        'totalValuePurchasesExVAT',
        'totalValueGoodsSuppliedExVAT',
        'totalAcquisitionsExVAT',
      ];
      const wrong = [
        ...moneyBoxes.filter((name) => !money(sent[name])),
        ...wholeBoxes.filter((name) => !whole(sent[name])),
      ];
      if (Number(sent.netVatDue) < 0) wrong.push('netVatDue');
      const cents = (name: string) => Math.round(Number(sent[name]) * 100);
      if (cents('totalVatDue') !== cents('vatDueSales') + cents('vatDueAcquisitions')) wrong.push('totalVatDue');
      if (cents('netVatDue') !== Math.abs(cents('totalVatDue') - cents('vatReclaimedCurrPeriod')))
        wrong.push('netVatDue');
      if (wrong.length)
        return json(400, {
          code: 'INVALID_REQUEST',
          message: 'Invalid request',
          errors: wrong.map((name) => ({
            code: 'INVALID_MONETARY_AMOUNT',
            message: 'amount is invalid',
            path: `/${name}`,
          })),
        });
      if (sent.finalised !== true) return refuse(403, 'NOT_FINALISED', 'User has not declared VAT return as final');
      if (org.returns.has(key))
        return refuse(403, 'DUPLICATE_SUBMISSION', 'The VAT return was already submitted for the given period.');
      const obligation = org.obligations.find((item) => item.periodKey === key && item.status === 'O');
      if (!obligation) return refuse(400, 'INVALID_PERIODKEY', 'Invalid period key');
      if (obligation.end >= new Date().toISOString().slice(0, 10))
        return refuse(
          403,
          'TAX_PERIOD_NOT_ENDED',
          'The remote endpoint has indicated that the submission is for a tax period that has not ended.',
        );
      org.returns.set(key, sent);
      obligation.status = 'F';
      obligation.received = new Date().toISOString().slice(0, 10);
      const net = Number(sent.totalVatDue) - Number(sent.vatReclaimedCurrPeriod);
      if (net > 0)
        org.liabilities.push({
          taxPeriod: { from: obligation.start, to: obligation.end },
          type: 'VAT Return Debit Charge',
          originalAmount: net,
          outstandingAmount: net,
          due: obligation.due,
        });
      return json(201, {
        processingDate: new Date().toISOString(),
        paymentIndicator: net > 0 ? 'BANK' : 'DD',
        formBundleNumber: String(randomInt(100_000_000, 999_999_999)).padStart(12, '0'),
        ...(net > 0 ? { chargeRefNumber: `XM00${randomInt(1_000_000_000, 9_999_999_999)}` } : {}),
      });
    }
    return refuse(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    fraudChecks,
    grants,
    /** The variables pointing the server at this peer. */
    env: () => ({
      HMRC_API_URL: url,
      HMRC_AUTH_URL: url,
      HMRC_CLIENT_ID: TEST_HMRC.clientId,
      HMRC_CLIENT_SECRET: TEST_HMRC.clientSecret,
    }),
    addObligations(vrn: string, obligations: Obligation[]) {
      organisation(vrn).obligations.push(...obligations);
    },
    returnsOf: (vrn: string) => organisations.get(vrn)?.returns ?? new Map(),
    /** Every access token given so far stops working, as they do after four hours; refresh tokens still work. */
    expireAccessTokens() {
      for (const token of tokens.values()) token.expiresAt = 0;
    },
    /**
     * A return filed for the period by other software while HMRC's obligations still show it open (HMRC updates
     * them later): the next submission meets DUPLICATE_SUBMISSION.
     */
    fileElsewhere(vrn: string, periodKey: string) {
      organisation(vrn).returns.set(periodKey, { periodKey });
    },
    denyNextConsent() {
      denyNextConsent = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type HmrcPeer = Awaited<ReturnType<typeof startHmrcPeer>>;
