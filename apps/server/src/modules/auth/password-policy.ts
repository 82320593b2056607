import type { PasswordPolicy } from '@app/shared';
import type { Env } from '../../env.ts';

export function passwordPolicyFromEnv(env: Env): PasswordPolicy {
  return {
    minLength: env.PASSWORD_MIN_LENGTH,
    ...(env.PASSWORD_MAX_LENGTH !== undefined && { maxLength: env.PASSWORD_MAX_LENGTH }),
    requireLowercase: env.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: env.PASSWORD_REQUIRE_UPPERCASE,
    requireNumeric: env.PASSWORD_REQUIRE_NUMERIC,
    requireNonAlphanumeric: env.PASSWORD_REQUIRE_NON_ALPHANUMERIC,
  };
}
