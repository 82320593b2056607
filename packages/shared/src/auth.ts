import { z } from 'zod';
import { type PasswordPolicy, passwordProblem } from './password-policy.ts';

/** Field schemas of the account forms; the server checks the same fields again. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address.')
  .max(254, 'This email address is too long.')
  .pipe(z.email('Enter a valid email address.'));

export const nameField = z.string().trim().min(1, 'Enter your name.').max(100, 'Keep your name under 100 characters.');

/** Any non-empty password; the policy is checked by `passwordFieldFor`, since it comes from the server. */
export const passwordField = z.string().min(1, 'Enter your password.');

export function passwordFieldFor(policy: PasswordPolicy) {
  return z.string().superRefine((password, ctx) => {
    const problem = passwordProblem(policy, password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export const signInInput = z.object({ email: emailField, password: passwordField });
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({ name: nameField, email: emailField, password: passwordField });
export type SignUpInput = z.infer<typeof signUpInput>;

export const requestPasswordResetInput = z.object({ email: emailField });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInput>;

export const resetPasswordInput = z.object({ newPassword: passwordField, token: z.string().min(1) });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.'),
  newPassword: passwordField,
  revokeOtherSessions: z.boolean(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const updateProfileInput = z.object({ name: nameField });
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** A device the person is signed in on, as the account page lists it: the place, never the address. */
export const deviceSessionSchema = z.object({
  /** The session's opaque id: signs this device out. Its token, the key to the account, never leaves the cookie. */
  id: z.string(),
  userAgent: z.string().nullable(),
  /** "Belfast, United Kingdom", "This network", "Local network" or "Unknown place". */
  place: z.string(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = z.object({ devices: z.array(deviceSessionSchema) });
export const deviceParams = z.object({ id: z.string().min(1).max(64) });
