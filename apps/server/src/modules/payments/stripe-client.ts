import { AppError } from '@app/shared';
import { eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type Stripe from 'stripe';
import type { Env } from '../../env.ts';
import { uuidPattern } from '../../lib/validation.ts';

/** The configured Stripe account: the SDK, the webhook secret and the publishable key the web app needs. */
export type StripeAccount = {
  sdk: Stripe;
  webhookSecret: string;
  publishableKey: string;
  statementDescriptorSuffix: string | undefined;
};

/**
 * Null when no keys are configured: clients then pay at the appointment, as before online payment existed (decision
 * 047). The SDK is loaded only when configured (decision 088): an install without Stripe never loads it.
 */
export async function stripeAccountOf(env: Env): Promise<StripeAccount | null> {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PUBLISHABLE_KEY) return null;
  const { default: StripeSdk } = await import('stripe');
  return {
    sdk: new StripeSdk(env.STRIPE_SECRET_KEY, {
      ...apiAddressOf(env.STRIPE_API_URL),
      // A request that timed out is retried with the same idempotency key, so it never charges twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    }),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    statementDescriptorSuffix: env.STRIPE_STATEMENT_DESCRIPTOR,
  };
}

/** What the business's statement says beside its name, when STRIPE_STATEMENT_DESCRIPTOR is set. */
export const statementSuffixOf = (stripe: StripeAccount) =>
  stripe.statementDescriptorSuffix && { statement_descriptor_suffix: stripe.statementDescriptorSuffix };

/**
 * A payment the client makes on the page (Stripe's Payment Element, any method the account allows). The idempotency
 * key makes a retried request return the same intent.
 */
export function createPageIntent(
  stripe: StripeAccount,
  payment: { amount: number; currency: string; metadata: Stripe.MetadataParam; description: string },
  idempotencyKey: string,
): Promise<Stripe.PaymentIntent> {
  const { amount, currency, metadata, description } = payment;
  return stripe.sdk.paymentIntents.create(
    {
      amount,
      currency: currency.toLowerCase(),
      automatic_payment_methods: { enabled: true },
      metadata,
      description,
      ...statementSuffixOf(stripe),
    },
    { idempotencyKey },
  );
}

/**
 * The page payment of something bought online (a course, a gift voucher): when Stripe cannot start it, `cancel` undoes
 * the purchase kept for it and the client is asked to try again.
 */
export async function createPurchaseIntent(
  stripe: StripeAccount,
  payment: Parameters<typeof createPageIntent>[1] & { idempotencyKey: string; cancel: () => Promise<unknown> },
): Promise<Stripe.PaymentIntent> {
  const { idempotencyKey, cancel, ...page } = payment;
  try {
    return await createPageIntent(stripe, page, idempotencyKey);
  } catch {
    await cancel();
    throw new AppError('PAYMENT_UNAVAILABLE', 'We could not start the payment just now. Please try again in a moment.');
  }
}

/**
 * The purchase (a course, a gift voucher) a PaymentIntent pays for: the one that stored its id or, when Stripe answers
 * before the id was stored, the one its metadata names under `key`.
 */
export function paidByIntent(
  purchase: { id: PgColumn; intentId: PgColumn },
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>,
  key: string,
): SQL | undefined {
  const named = intent.metadata?.[key] ?? '';
  return or(eq(purchase.intentId, intent.id), uuidPattern.test(named) ? eq(purchase.id, named) : undefined);
}

/**
 * The client's purchase as `read` reads it. One still awaiting its payment when the client is back from Stripe's
 * redirect, before the webhook, is asked of Stripe, and a payment that succeeded is settled now (the webhook then finds
 * it done) and the purchase read again, so either order ends the same way.
 */
export async function readSettledOnReturn<T extends { status: string; intentId: string | null }>(
  stripe: StripeAccount | null | undefined,
  read: () => Promise<T>,
  settle: (intent: Stripe.PaymentIntent) => Promise<unknown>,
): Promise<T> {
  const purchase = await read();
  if (purchase.status !== 'awaiting_payment' || !purchase.intentId || !stripe) return purchase;
  const intent = await stripe.sdk.paymentIntents.retrieve(purchase.intentId);
  if (intent.status !== 'succeeded') return purchase;
  await settle(intent);
  return read();
}

/** STRIPE_API_URL as the SDK's own host/port/protocol options (used to point it at a local peer in tests). */
export function apiAddressOf(url: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}
