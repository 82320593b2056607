import { z } from 'zod';

/** Shape served at GET /api/auth/password-policy (spec section 5). */
export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1),
  maxLength: z.number().int().min(1).optional(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const defaultPasswordPolicy: PasswordPolicy = {
  minLength: 6,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

export type PasswordRule = { id: string; label: string; met: boolean };

/** Every rule of the policy with whether the password meets it; the forms show these live. */
export function passwordRules(policy: PasswordPolicy, password: string): PasswordRule[] {
  const rules: PasswordRule[] = [
    { id: 'minLength', label: `At least ${policy.minLength} characters`, met: password.length >= policy.minLength },
  ];
  if (policy.maxLength !== undefined)
    rules.push({
      id: 'maxLength',
      label: `At most ${policy.maxLength} characters`,
      met: password.length <= policy.maxLength,
    });
  if (policy.requireLowercase)
    rules.push({ id: 'lowercase', label: 'A lowercase letter', met: /\p{Ll}/u.test(password) });
  if (policy.requireUppercase)
    rules.push({ id: 'uppercase', label: 'An uppercase letter', met: /\p{Lu}/u.test(password) });
  if (policy.requireNumeric) rules.push({ id: 'numeric', label: 'A number', met: /\p{N}/u.test(password) });
  if (policy.requireNonAlphanumeric)
    rules.push({
      id: 'nonAlphanumeric',
      label: 'A symbol (not a letter or number)',
      met: /[^\p{L}\p{N}]/u.test(password),
    });
  return rules;
}

/** The first unmet rule as a sentence, or null when the password is acceptable. */
export function passwordProblem(policy: PasswordPolicy, password: string): string | null {
  const unmet = passwordRules(policy, password).find((rule) => !rule.met);
  return unmet ? `Password needs: ${unmet.label.toLowerCase()}.` : null;
}
