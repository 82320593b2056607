import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { freePort } from './free-port.ts';

/**
 * A local stand-in for api.stripe.com: a real HTTP server speaking Stripe's wire format (form-encoded
 * requests with bracketed keys, `Idempotency-Key` honoured, JSON objects and errors shaped as Stripe's), for the
 * few endpoints the product calls. The product's own SDK is pointed at it by STRIPE_API_URL, so its code path is
 * the production one. Webhooks are signed with Stripe's real scheme and handed to `deliver`.
 */

type Json = Record<string, unknown>;
export type PeerIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: Json | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  payment_method_types: string[];
  description: string | null;
  created: number;
  livemode: false;
};
export type PeerRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  currency: string;
  payment_intent: string;
  reason: string | null;
  /** Card refunds usually succeed at once; some stay pending and a few fail later (https://docs.stripe.com/refunds). */
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
};
export type PeerBalanceTransaction = {
  id: string;
  object: 'balance_transaction';
  amount: number;
  available_on: number;
  created: number;
  currency: string;
  description: string | null;
  exchange_rate: null;
  fee: number;
  fee_details: { amount: number; application: null; currency: string; description: string; type: string }[];
  net: number;
  reporting_category: string;
  source: string | null;
  status: 'pending' | 'available';
  type: string;
};
export type PeerCustomer = {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};
export type PeerSetupIntent = {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  usage: 'off_session' | 'on_session';
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  description: string | null;
  metadata: Record<string, string>;
  last_setup_error: Json | null;
  created: number;
  livemode: false;
};
type PeerEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
};
type Recorded = { method: string; path: string; body: Json; idempotencyKey: string | undefined };
/** Hands a signed webhook to the app; answers the app's HTTP status. */
export type Deliver = (payload: string, headers: Record<string, string>) => Promise<number>;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** `a[b][c]=v&list[0]=x` as Stripe (and the SDK's encoder) nest form fields. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, i) => part !== '' || i === 0);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  return root;
}

function stripeError(status: number, type: string, message: string, extra: Json = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

/** Stripe's test payment methods the peer knows (https://docs.stripe.com/testing#cards): one pays, one is declined. */
const testPaymentMethods: Record<
  string,
  { brand: string; last4: string; declined: boolean; offSession?: 'declined' | 'authentication_required' }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declined: false },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declined: true },
  // Saved to a customer without trouble; a later charge is declined (4000 0000 0000 0341).
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', declined: false, offSession: 'declined' },
  // Saved, but the bank asks the cardholder to authenticate every charge, which off-session cannot (4000 0027 6000 3184).
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    declined: false,
    offSession: 'authentication_required',
  },
};
const PUBLISHABLE_KEY = 'pk_test_peer';

export async function startStripePeer(options: { webhookSecret: string; secretKey: string; port?: number }) {
  const intents = new Map<string, PeerIntent>();
  const refunds = new Map<string, PeerRefund>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: Recorded[] = [];
  const signer = new Stripe(options.secretKey);
  let deliver: Deliver | undefined;
  let outage = 0;
  /** What a new refund's status is: as most card refunds, at once 'succeeded'; or 'pending', or 'failed' outright. */
  let refundOutcome: 'succeeded' | 'pending' | 'failed' = 'succeeded';
  /** When a confirmation's webhook reaches the app: after the answer (as Stripe usually does), before it, or never. */
  let confirmWebhook: 'after' | 'before' | 'none' = 'after';
  const pendingDeliveries = new Set<Promise<unknown>>();
  /** The last event of each intent, so a test can have it delivered again (Stripe's retries). */
  const lastEvents = new Map<string, PeerEvent>();
  /** The account's balance history, oldest first, as Stripe lists it (newest first) from `/v1/balance_transactions`. */
  const balance: PeerBalanceTransaction[] = [];

  /**
   * A movement of the Stripe balance. A card payment's fee is Stripe's UK standard price (1.5% + 20p) unless
   * given; `created` may be set by a test to place it in time.
   */
  function addBalance(
    type: string,
    amount: number,
    options: { fee?: number; source?: string | null; currency?: string; created?: number; description?: string } = {},
  ): PeerBalanceTransaction {
    const fee = options.fee ?? (type === 'charge' ? Math.round(amount * 0.015) + 20 : 0);
    const currency = options.currency ?? 'gbp';
    const created = options.created ?? seconds();
    const txn: PeerBalanceTransaction = {
      id: id('txn'),
      object: 'balance_transaction',
      amount,
      available_on: created + 7 * 86_400,
      created,
      currency,
      description: options.description ?? null,
      exchange_rate: null,
      fee,
      fee_details: fee
        ? [{ amount: fee, application: null, currency, description: 'Stripe processing fees', type: 'stripe_fee' }]
        : [],
      net: amount - fee,
      reporting_category: type === 'payout' ? 'payout' : type === 'charge' ? 'charge' : type,
      source: options.source ?? null,
      status: 'pending',
      type,
    };
    balance.push(txn);
    return txn;
  }

  const customers = new Map<string, PeerCustomer>();
  const setupIntents = new Map<string, PeerSetupIntent>();
  /** Payment methods saved to a customer by a succeeded SetupIntent: the only ones an off-session charge may use. */
  const attached = new Map<string, string>();

  function createCustomer(body: Json) {
    const customer: PeerCustomer = {
      id: id('cus'),
      object: 'customer',
      email: (body.email as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      created: seconds(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  function createSetupIntent(body: Json) {
    const customer = body.customer as string | undefined;
    if (customer && !customers.has(customer)) return missing('customer', customer);
    const usage = (body.usage as string | undefined) ?? 'off_session';
    if (usage !== 'off_session' && usage !== 'on_session')
      return stripeError(400, 'invalid_request_error', `Invalid usage: must be one of off_session or on_session`, {
        param: 'usage',
      });
    const setupId = id('seti');
    const setup: PeerSetupIntent = {
      id: setupId,
      object: 'setup_intent',
      client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
      customer: customer ?? null,
      usage,
      status: 'requires_payment_method',
      payment_method: null,
      payment_method_types: ['card'],
      automatic_payment_methods:
        (body.automatic_payment_methods as Json | undefined)?.enabled === 'true' ? { enabled: true } : null,
      description: (body.description as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      last_setup_error: null,
      created: seconds(),
      livemode: false,
    };
    setupIntents.set(setupId, setup);
    return { status: 200, body: setup };
  }

  /** Stripe.js confirming a SetupIntent with the card typed in: the card is saved to the intent's customer. */
  function confirmSetupIntent(setupId: string, body: Json) {
    const setup = setupIntents.get(setupId);
    if (!setup) return missing('setup_intent', setupId);
    if (body.client_secret !== undefined && body.client_secret !== setup.client_secret)
      return stripeError(
        400,
        'invalid_request_error',
        'The client_secret provided does not match the client_secret associated with the SetupIntent.',
        { param: 'client_secret' },
      );
    if (setup.status !== 'requires_payment_method')
      return stripeError(
        400,
        'invalid_request_error',
        `You cannot confirm this SetupIntent because it has a status of ${setup.status}.`,
        { code: 'setup_intent_unexpected_state', setup_intent: setup },
      );
    const methodId = String(body.payment_method ?? '');
    const method = testPaymentMethods[methodId];
    if (!method) return missing('payment_method', methodId);
    if (method.declined) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      setup.last_setup_error = error;
      return {
        status: 402,
        body: { error: { ...error, setup_intent: structuredClone(setup) } },
        event: eventOf('setup_intent.setup_failed', setup),
      };
    }
    Object.assign(setup, { status: 'succeeded', payment_method: methodId, last_setup_error: null });
    if (setup.customer) attached.set(methodId, setup.customer);
    return { status: 200, body: setup, event: eventOf('setup_intent.succeeded', setup) };
  }

  /**
   * A charge the business makes without the client present (`off_session: true, confirm: true`) with a card saved
   * to the customer: succeeds, or fails with Stripe's card_error (declined, or the bank wants authentication).
   */
  function chargeOffSession(intent: PeerIntent, body: Json) {
    const methodId = String(body.payment_method ?? '');
    const customer = String(body.customer ?? '');
    const method = testPaymentMethods[methodId];
    if (!method) return missing('payment_method', methodId);
    if (attached.get(methodId) !== customer)
      return stripeError(
        400,
        'invalid_request_error',
        `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
        { param: 'payment_method' },
      );
    intent.payment_method = methodId;
    intent.customer = customer;
    if (method.offSession) {
      const authentication = method.offSession === 'authentication_required';
      const error = {
        type: 'card_error',
        code: authentication ? 'authentication_required' : 'card_declined',
        decline_code: authentication ? 'authentication_required' : 'generic_decline',
        message: authentication
          ? 'Your card was declined. This transaction requires authentication.'
          : 'Your card was declined.',
        payment_method: { id: methodId, object: 'payment_method', type: 'card' },
      };
      Object.assign(intent, {
        status: authentication ? 'requires_action' : 'requires_payment_method',
        last_payment_error: error,
      });
      return {
        status: 402,
        body: { error: { ...error, payment_intent: structuredClone(intent) } },
        event: eventOf('payment_intent.payment_failed', intent),
      };
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charged(intent) });
    return { status: 200, body: intent, event: eventOf('payment_intent.succeeded', intent) };
  }

  /** The money of a succeeded intent reaches the balance as a charge. */
  function charged(intent: PeerIntent) {
    const charge = id('ch');
    addBalance('charge', intent.amount, { source: charge, currency: intent.currency });
    return charge;
  }

  /** `GET /v1/balance_transactions`: newest first, filtered by `created[gt|gte|lt|lte]`, paged by `starting_after`. */
  function listBalance(query: Json) {
    const created = (query.created as Record<string, string> | undefined) ?? {};
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return stripeError(400, 'invalid_request_error', 'Invalid integer: limit', { param: 'limit' });
    let rows = [...balance].reverse().filter((txn) => {
      if (created.gt !== undefined && !(txn.created > Number(created.gt))) return false;
      if (created.gte !== undefined && !(txn.created >= Number(created.gte))) return false;
      if (created.lt !== undefined && !(txn.created < Number(created.lt))) return false;
      if (created.lte !== undefined && !(txn.created <= Number(created.lte))) return false;
      return query.type === undefined || txn.type === query.type;
    });
    if (query.starting_after !== undefined) {
      const at = rows.findIndex((txn) => txn.id === query.starting_after);
      if (at < 0) return missing('balance_transaction', String(query.starting_after));
      rows = rows.slice(at + 1);
    }
    return {
      status: 200,
      body: {
        object: 'list',
        url: '/v1/balance_transactions',
        has_more: rows.length > limit,
        data: rows.slice(0, limit),
      },
    };
  }

  function createIntent(body: Json) {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, 'invalid_request_error', 'Invalid integer: amount', { param: 'amount' });
    if (typeof body.currency !== 'string')
      return stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { param: 'currency' });
    const automatic = (body.automatic_payment_methods as Json | undefined)?.enabled === 'true';
    // Stripe refuses a whole statement descriptor on card payments; the suffix is what may vary per payment.
    if (body.statement_descriptor !== undefined)
      return stripeError(
        400,
        'invalid_request_error',
        'The `statement_descriptor` parameter is not supported for the `card` payment method type. Use `statement_descriptor_suffix` instead.',
        { param: 'statement_descriptor' },
      );
    const intentId = id('pi');
    const intent: PeerIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: body.currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      customer: null,
      payment_method: null,
      setup_future_usage: null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      latest_charge: null,
      last_payment_error: null,
      cancellation_reason: null,
      canceled_at: null,
      statement_descriptor: null,
      statement_descriptor_suffix: (body.statement_descriptor_suffix as string | undefined) ?? null,
      automatic_payment_methods: automatic ? { enabled: true } : null,
      payment_method_types: ['card'],
      description: (body.description as string | undefined) ?? null,
      created: seconds(),
      livemode: false,
    };
    intents.set(intentId, intent);
    if (body.confirm === 'true') {
      if (body.off_session !== 'true' || !body.customer)
        return stripeError(
          400,
          'invalid_request_error',
          'The peer confirms at creation only off-session charges of a saved card (customer, payment_method).',
        );
      return chargeOffSession(intent, body);
    }
    return { status: 200, body: intent };
  }

  function cancelIntent(intentId: string, body: Json) {
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      return stripeError(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: seconds(),
      cancellation_reason: (body.cancellation_reason as string | undefined) ?? null,
    });
    return { status: 200, body: intent };
  }

  function createRefund(body: Json) {
    const intent = intents.get(String(body.payment_intent));
    if (!intent) return missing('payment_intent', String(body.payment_intent));
    if (intent.status !== 'succeeded')
      return stripeError(
        400,
        'invalid_request_error',
        `PaymentIntent ${intent.id} does not have a successful charge to refund.`,
        {
          code: 'charge_not_refundable',
        },
      );
    const already = [...refunds.values()]
      .filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? intent.amount_received - already : Number(body.amount);
    if (amount < 1 || already + amount > intent.amount_received)
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge.`,
        {
          code: 'amount_too_large',
          param: 'amount',
        },
      );
    const refund: PeerRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      currency: intent.currency,
      payment_intent: intent.id,
      reason: (body.reason as string | undefined) ?? null,
      status: refundOutcome,
      failure_reason: refundOutcome === 'failed' ? 'expired_or_canceled_card' : null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      created: seconds(),
    };
    refunds.set(refund.id, refund);
    addBalance('refund', -amount, { source: refund.id, currency: intent.currency });
    return { status: 200, body: refund };
  }

  /**
   * What Stripe.js asks when the client pays: the intent's client secret proves the browser may confirm it, and a
   * declined card answers 402 with Stripe's `card_error` (the intent can be confirmed again with another card).
   */
  function confirmIntent(intentId: string, body: Json) {
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId);
    if (body.client_secret !== undefined && body.client_secret !== intent.client_secret)
      return stripeError(
        400,
        'invalid_request_error',
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        { param: 'client_secret' },
      );
    if (intent.status !== 'requires_payment_method')
      return stripeError(
        400,
        'invalid_request_error',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    const methodId = String(body.payment_method ?? '');
    const method = testPaymentMethods[methodId];
    if (!method) return missing('payment_method', methodId);
    const paymentMethod = {
      id: methodId,
      object: 'payment_method',
      type: 'card',
      card: { brand: method.brand, last4: method.last4 },
    };
    if (method.declined) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
        payment_method: paymentMethod,
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      return {
        status: 402,
        body: { error: { ...error, payment_intent: structuredClone(intent) } },
        event: eventOf('payment_intent.payment_failed', intent),
      };
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charged(intent),
      last_payment_error: null,
    });
    return { status: 200, body: intent, event: eventOf('payment_intent.succeeded', intent) };
  }

  function missing(kind: string, value: string) {
    return stripeError(404, 'invalid_request_error', `No such ${kind}: '${value}'`, { code: 'resource_missing' });
  }

  function route(method: string, path: string, body: Json): { status: number; body: unknown; event?: PeerEvent } {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(body);
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm?.[1]) return confirmIntent(confirm[1], body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'GET' && path === '/v1/balance_transactions') return listBalance(body);
    if (method === 'POST' && path === '/v1/customers') return createCustomer(body);
    if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(body);
    const confirmSetup = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirmSetup?.[1]) return confirmSetupIntent(confirmSetup[1], body);
    const oneSetup = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && oneSetup?.[1]) {
      const setup = setupIntents.get(oneSetup[1]);
      return setup ? { status: 200, body: setup } : missing('setup_intent', oneSetup[1]);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel?.[1]) return cancelIntent(cancel[1], body);
    const oneRefund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && oneRefund?.[1]) {
      const refund = refunds.get(oneRefund[1]);
      return refund ? { status: 200, body: refund } : missing('refund', oneRefund[1]);
    }
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && one?.[1]) {
      const intent = intents.get(one[1]);
      return intent ? { status: 200, body: intent } : missing('payment_intent', one[1]);
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://peer.invalid');
    const method = request.method ?? 'GET';
    const body = method === 'GET' ? parseStripeForm(url.searchParams.toString()) : parseStripeForm(text);
    const key = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path: url.pathname, body, idempotencyKey: key });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(answer));
    };
    if (url.pathname.startsWith('/__peer/')) return control(method, url, send);
    // Stripe.js sends the publishable key in the body, and only for what a browser may do (confirm with the secret).
    const fromBrowser =
      method === 'POST' &&
      body.key === PUBLISHABLE_KEY &&
      /^\/v1\/(payment_intents|setup_intents)\/[^/]+\/confirm$/.test(url.pathname);
    if (fromBrowser) {
      response.setHeader('access-control-allow-origin', '*');
      delete body.key;
    } else if (request.headers.authorization !== `Bearer ${options.secretKey}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    if (outage > 0) {
      outage--;
      return send(500, { error: { type: 'api_error', message: 'The peer is down for this test.' } });
    }
    if (method === 'POST' && key) {
      // Stripe keeps the first answer per key: a retry gets it again; the same key with other parameters is refused.
      const fingerprint = createHash('sha256').update(`${url.pathname}\n${text}`).digest('hex');
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
        response.setHeader('idempotent-replayed', 'true');
        return send(seen.status, seen.body);
      }
      const answer = route(method, url.pathname, body);
      idempotent.set(key, { fingerprint, status: answer.status, body: structuredClone(answer.body) });
      return answerWithEvent(answer, send);
    }
    return answerWithEvent(route(method, url.pathname, body), send);
  }
  /** The answer, and its event delivered as the test asked: before the answer, after it (Stripe's way), or never. */
  async function answerWithEvent(
    answer: { status: number; body: unknown; event?: PeerEvent },
    send: (status: number, body: unknown) => void,
  ) {
    if (answer.event) lastEvents.set(String((answer.event.data.object as { id: string }).id), answer.event);
    if (answer.event && confirmWebhook === 'before') await deliverEvent(answer.event);
    send(answer.status, answer.body);
    if (answer.event && confirmWebhook === 'after') later(answer.event);
  }
  const deliverEvent = (event: PeerEvent) => send(event);

  /**
   * What a test in another process (the browser walks of e2e/) may ask of the peer: when confirmations' webhooks
   * go out, and the last event of an intent delivered again. Local only; no Stripe endpoint looks like this.
   */
  async function control(method: string, url: URL, answer: (status: number, body: unknown) => void) {
    if (method === 'POST' && url.pathname === '/__peer/confirm-webhooks') {
      const when = url.searchParams.get('when');
      if (when !== 'after' && when !== 'before' && when !== 'none') return answer(400, { error: 'when?' });
      confirmWebhook = when;
      return answer(200, { confirmWebhook });
    }
    if (method === 'POST' && url.pathname === '/__peer/refunds') {
      const outcome = url.searchParams.get('outcome');
      if (outcome !== 'succeeded' && outcome !== 'pending' && outcome !== 'failed')
        return answer(400, { error: 'outcome?' });
      refundOutcome = outcome;
      return answer(200, { refundOutcome });
    }
    const settle = /^\/__peer\/refunds\/([^/]+)\/(succeeded|failed)$/.exec(url.pathname);
    if (method === 'POST' && settle?.[1] && settle[2] && refunds.has(settle[1])) {
      const delivered = await settleRefund(settle[1], settle[2] as 'succeeded' | 'failed');
      return answer(200, { statuses: delivered.statuses });
    }
    const resend = /^\/__peer\/intents\/([^/]+)\/resend$/.exec(url.pathname);
    const event = resend?.[1] ? lastEvents.get(resend[1]) : undefined;
    if (method === 'POST' && event) {
      await Promise.all([...pendingDeliveries]);
      const delivered = await send(event, { times: Number(url.searchParams.get('times') ?? 1) });
      return answer(200, { type: event.type, statuses: delivered.statuses });
    }
    return answer(404, { error: 'unknown control path' });
  }
  /** Delivered once the answer has left, as Stripe does; `settled()` waits for it. */
  function later(event: PeerEvent) {
    const delivery = deliverEvent(event).catch(() => undefined);
    pendingDeliveries.add(delivery);
    void delivery.finally(() => pendingDeliveries.delete(delivery));
  }

  /**
   * A pending refund comes to its end at the card issuer: Stripe updates it and sends `refund.updated` (and, for
   * charges, `charge.refund.updated`), each delivered `times` times.
   */
  async function settleRefund(
    refundId: string,
    status: 'succeeded' | 'failed',
    options: { times?: number; type?: 'refund.updated' | 'charge.refund.updated' } = {},
  ) {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`the Stripe peer has no refund ${refundId}`);
    Object.assign(refund, { status, failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null });
    return send(eventOf(options.type ?? 'refund.updated', refund), { times: options.times });
  }

  const port = options.port ?? (await freePort());
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  /** A Stripe event around a copy of the object as it is now. */
  function eventOf(type: string, object: PeerIntent | PeerRefund | PeerSetupIntent): PeerEvent {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: seconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
  }

  /** Signs the event with the endpoint's secret (Stripe's scheme) and hands it to the app, `times` times. */
  async function send(event: PeerEvent, options: { times?: number; secret?: string } = {}) {
    if (!deliver) throw new Error('the Stripe peer has nowhere to deliver webhooks: call deliverTo() first');
    const payload = JSON.stringify(event, null, 2);
    const statuses: number[] = [];
    for (let i = 0; i < (options.times ?? 1); i++) {
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? optionsSecret(),
      });
      statuses.push(
        await deliver(payload, { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }),
      );
    }
    return { event, statuses };
  }
  const optionsSecret = () => options.webhookSecret;

  function intentOf(intentId: string): PeerIntent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`the Stripe peer has no payment intent ${intentId}`);
    return intent;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    /** The app's environment for this peer. */
    env: () => ({
      STRIPE_SECRET_KEY: options.secretKey,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    }),
    deliverTo(target: Deliver) {
      deliver = target;
    },
    /** The status new refunds get (default 'succeeded'). */
    refundsWill(outcome: 'succeeded' | 'pending' | 'failed') {
      refundOutcome = outcome;
    },
    settleRefund,
    /** The next `count` API requests fail with a 500, as when Stripe has an outage. */
    failNext(count: number) {
      outage = count;
    },
    intent: intentOf,
    customers,
    setupIntents,
    /** The card the client types into the Payment Element is saved (Stripe.js confirming the SetupIntent). */
    async saveCard(setupId: string, paymentMethod = 'pm_card_visa') {
      const answer = confirmSetupIntent(setupId, { payment_method: paymentMethod });
      await answerWithEvent(answer, () => {});
      await Promise.all([...pendingDeliveries]);
      return answer;
    },
    /** The last event of an object (an intent, a SetupIntent) delivered again, as Stripe retries. */
    async resend(objectId: string, times = 1) {
      const event = lastEvents.get(objectId);
      if (!event) throw new Error(`the Stripe peer sent no event for ${objectId}`);
      return send(event, { times });
    },
    balance,
    /** What Stripe holds for the business now in a currency: the sum of its balance transactions' net amounts. */
    balanceNet: (currency = 'gbp') =>
      balance.filter((txn) => txn.currency === currency).reduce((sum, txn) => sum + txn.net, 0),
    /** Stripe pays out to the bank (all it holds unless told how much), as its daily payouts do. */
    payout(amount?: number) {
      const paid = amount ?? balance.filter((txn) => txn.currency === 'gbp').reduce((sum, txn) => sum + txn.net, 0);
      return addBalance('payout', -paid, { source: id('po'), description: 'STRIPE PAYOUT' });
    },
    /** Anything else Stripe adds to or takes from the balance (an adjustment, an account fee, a dispute). */
    adjustBalance: addBalance,
    /** The client's card is accepted: the intent succeeds, and `payment_intent.succeeded` is delivered. */
    async succeed(intentId: string, options: { times?: number; deliver?: boolean } = {}) {
      const intent = intentOf(intentId);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charged(intent) });
      const event = eventOf('payment_intent.succeeded', intent);
      return options.deliver === false ? { event, statuses: [] } : send(event, options);
    },
    /** The card is declined: the intent can be tried again, and `payment_intent.payment_failed` is delivered. */
    async fail(intentId: string, options: { times?: number } = {}) {
      const intent = intentOf(intentId);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
      return send(eventOf('payment_intent.payment_failed', intent), options);
    },
    /** Delivers `payment_intent.canceled` for an intent cancelled through the API. */
    async canceled(intentId: string) {
      return send(eventOf('payment_intent.canceled', intentOf(intentId)));
    },
    /** An event signed with a secret that is not the endpoint's. */
    async forged(intentId: string) {
      const intent = { ...intentOf(intentId), status: 'succeeded' as const };
      return send(eventOf('payment_intent.succeeded', intent), { secret: 'whsec_notthesecret' });
    },
    /** When the webhook of a payment confirmed by the browser is delivered (default: just after answering). */
    confirmWebhooks(when: 'after' | 'before' | 'none') {
      confirmWebhook = when;
    },
    /** Waits for the webhooks still on their way. */
    async settled() {
      await Promise.all([...pendingDeliveries]);
    },
    send,
    eventOf,
    async close() {
      await Promise.all([...pendingDeliveries]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
