import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

describe('configuration', () => {
  it('starts on embedded defaults with an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      BUSINESS_TIME_ZONE: 'Europe/London',
      BUSINESS_CURRENCY: 'GBP',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ BUSINESS_TIME_ZONE: 'Mars/Olympus' }, 'BUSINESS_TIME_ZONE'],
    [{ BUSINESS_CURRENCY: 'pounds' }, 'BUSINESS_CURRENCY'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }, 'OIDC_ISSUER'],
    [{ PASSWORD_REQUIRE_UPPERCASE: 'maybe' }, 'PASSWORD_REQUIRE_UPPERCASE'],
    [{ PASSWORD_MIN_LENGTH: '12', PASSWORD_MAX_LENGTH: '8' }, 'PASSWORD_MAX_LENGTH'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
    [{ ...stripeKeys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ ...stripeKeys, STRIPE_STATEMENT_DESCRIPTOR: 'SOOTHE LONDON MASSAGE STUDIO' }, 'STRIPE_STATEMENT_DESCRIPTOR'],
    [{ ...stripeKeys, STRIPE_STATEMENT_DESCRIPTOR: '12345' }, 'STRIPE_STATEMENT_DESCRIPTOR'],
    [{ ...stripeKeys, STRIPE_STATEMENT_DESCRIPTOR: 'SOOTHE "LDN"' }, 'STRIPE_STATEMENT_DESCRIPTOR'],
    [{ ...stripeKeys, STRIPE_API_URL: 'localhost:12111' }, 'STRIPE_API_URL'],
    [{ PAYMENT_HOLD_SWEEP_S: '0' }, 'PAYMENT_HOLD_SWEEP_S'],
    [{ PAYMENT_HOLD_SWEEP_S: '90' }, 'PAYMENT_HOLD_SWEEP_S'],
    [{ PAYMENT_HOLD_SWEEP_S: '2.5' }, 'PAYMENT_HOLD_SWEEP_S'],
    [{ DUE_MESSAGES_SWEEP_S: '0' }, 'DUE_MESSAGES_SWEEP_S'],
    [{ DUE_MESSAGES_SWEEP_S: 'often' }, 'DUE_MESSAGES_SWEEP_S'],
    [{ TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}` }, 'TWILIO_AUTH_TOKEN'],
    [{ TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token' }, 'TWILIO_FROM'],
    [{ TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+447700900000' }, 'TWILIO_ACCOUNT_SID'],
    [
      { TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: 'Soothe London Spa' },
      'TWILIO_FROM',
    ],
    [{ OUTSIDE_CALENDAR_ALLOW_ADDRESSES: 'localhost' }, 'OUTSIDE_CALENDAR_ALLOW_ADDRESSES'],
  ])('stops start-up on %o naming %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });

  it('requires a verified email once email can be sent, unless told otherwise (sign-up then tells no one who has an account)', () => {
    expect(parseEnv({}).REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(parseEnv({ SMTP_URL: 'smtp://mail.example.test:587' }).REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(
      parseEnv({ SMTP_URL: 'smtp://mail.example.test:587', REQUIRE_EMAIL_VERIFICATION: 'false' })
        .REQUIRE_EMAIL_VERIFICATION,
    ).toBe(false);
    expect(parseEnv({ REQUIRE_EMAIL_VERIFICATION: 'true' }).REQUIRE_EMAIL_VERIFICATION).toBe(true);
  });

  it('treats an empty optional variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
    });
  });

  it('takes online payment only with all three Stripe keys, and keeps no secret in its messages', () => {
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    const env = parseEnv({ ...stripeKeys, STRIPE_STATEMENT_DESCRIPTOR: 'SOOTHE LDN' });
    expect(env.STRIPE_STATEMENT_DESCRIPTOR).toBe('SOOTHE LDN');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_secretvalue' })).not.toThrow(/secretvalue/);
  });

  it('looks for payment holds that ran out every minute, or as often as told up to that minute', () => {
    expect(parseEnv({}).PAYMENT_HOLD_SWEEP_S).toBe(60);
    expect(parseEnv({ PAYMENT_HOLD_SWEEP_S: '5' }).PAYMENT_HOLD_SWEEP_S).toBe(5);
    expect(() => parseEnv({ PAYMENT_HOLD_SWEEP_S: '120' })).toThrow(
      'PAYMENT_HOLD_SWEEP_S: must be a whole number from 1 to 60 (got "120")',
    );
  });

  it('looks for reminder texts and review requests come due every minute, or as often as told up to that minute', () => {
    expect(parseEnv({}).DUE_MESSAGES_SWEEP_S).toBe(60);
    expect(parseEnv({ DUE_MESSAGES_SWEEP_S: '5' }).DUE_MESSAGES_SWEEP_S).toBe(5);
    expect(() => parseEnv({ DUE_MESSAGES_SWEEP_S: '61' })).toThrow(
      'DUE_MESSAGES_SWEEP_S: must be a whole number from 1 to 60 (got "61")',
    );
  });
});
