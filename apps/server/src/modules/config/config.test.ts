import { defaultWeeklyHours } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { openingHoursText, publicConfigOf } from './config.service.ts';

const rules = { weeklyHours: defaultWeeklyHours, cancellationCutoffHours: 24, horizonDays: 60, minNoticeMinutes: 120 };

describe('public configuration', () => {
  it('tells the web whether emails are really sent: only with a mail server', () => {
    expect(publicConfigOf(parseEnv({}), rules).emailEnabled).toBe(false);
    expect(publicConfigOf(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }), rules).emailEnabled).toBe(true);
  });

  it('offers no social provider without keys', () => {
    expect(publicConfigOf(parseEnv({}), rules).socialProviders).toEqual([]);
  });

  it('offers each provider only when its keys are configured', () => {
    const env = parseEnv({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      OIDC_ISSUER: 'http://localhost:8089',
      OIDC_CLIENT_ID: 'o',
      OIDC_CLIENT_SECRET: 'os',
      OIDC_NAME: 'Test ID',
    });
    expect(publicConfigOf(env, rules).socialProviders).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'oidc', name: 'Test ID' },
    ]);
  });

  it('writes the opening hours from the weekly hours, equal days grouped', () => {
    expect(openingHoursText(defaultWeeklyHours)).toEqual([
      'Monday to Friday 10:00–21:00',
      'Saturday 10:00–18:00',
      'Sunday closed',
    ]);
    const split = defaultWeeklyHours.map((day, i) =>
      i === 3
        ? [
            { start: '09:00', end: '12:00' },
            { start: '14:00', end: '20:00' },
          ]
        : day,
    );
    expect(openingHoursText(split)).toEqual([
      'Monday to Tuesday 10:00–21:00',
      'Wednesday 09:00–12:00, 14:00–20:00',
      'Thursday to Friday 10:00–21:00',
      'Saturday 10:00–18:00',
      'Sunday closed',
    ]);
  });

  it('tells clients the change cut-off, horizon and contact details', () => {
    const config = publicConfigOf(
      parseEnv({ BUSINESS_PHONE: '020 7946 0000', BUSINESS_EMAIL: 'hello@example.com' }),
      rules,
    );
    expect(config.contact).toEqual({ phone: '020 7946 0000', email: 'hello@example.com' });
    expect(config.booking).toEqual({ cancellationCutoffHours: 24, horizonDays: 60, minNoticeMinutes: 120 });
  });

  it('tells the web whether online payment is on and gives it the publishable key only', () => {
    expect(publicConfigOf(parseEnv({}), rules).payments).toEqual({ online: false, publishableKey: null });
    const env = parseEnv({
      STRIPE_SECRET_KEY: 'sk_test_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret',
    });
    const config = publicConfigOf(env, rules);
    expect(config.payments).toEqual({ online: true, publishableKey: 'pk_test_public' });
    expect(JSON.stringify(config)).not.toMatch(/sk_test|whsec_/);
  });
});
