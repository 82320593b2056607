import { z } from 'zod';
import { emailField, nameField, passwordField } from './auth.ts';

/** How long the first-run setup link printed by the server stays valid. */
export const SETUP_LINK_VALID_MINUTES = 60;

/**
 * What `/setup` shows: `open` (the link is valid and there is no admin yet: the form), `invalid` (no admin yet, but
 * no token, a wrong one or an expired one), `done` (an admin exists: setup is over for good).
 */
export const firstRunStatuses = ['open', 'invalid', 'done'] as const;
export type FirstRunStatus = (typeof firstRunStatuses)[number];
export const firstRunStatusSchema = z.object({ status: z.enum(firstRunStatuses) });

const tokenField = z.string().trim().min(1, 'The setup link has no token.').max(200, 'The setup link is not valid.');

export const firstRunStatusQuery = z.object({ token: tokenField.optional() });

/** The first admin: the form and `POST /api/setup` parse this one schema (the form adds the server's password policy). */
export const firstRunInput = z.object({
  token: tokenField,
  name: nameField,
  email: emailField,
  password: passwordField,
});
export type FirstRunInput = z.infer<typeof firstRunInput>;
