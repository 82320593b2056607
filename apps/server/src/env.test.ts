import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

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
  ])('stops start-up on %o naming %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });

  it('treats an empty optional variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
    });
  });
});
