import Stripe from 'stripe';
import type { Env } from '../../env.ts';

/** The configured Stripe account: the SDK, the webhook secret and the publishable key the web app needs. */
export type StripeAccount = {
  sdk: Stripe;
  webhookSecret: string;
  publishableKey: string;
  statementDescriptorSuffix: string | undefined;
};

/** Null when no keys are configured: clients then pay at the appointment, as before online payment existed (decision 047). */
export function stripeAccountOf(env: Env): StripeAccount | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PUBLISHABLE_KEY) return null;
  return {
    sdk: new Stripe(env.STRIPE_SECRET_KEY, {
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
