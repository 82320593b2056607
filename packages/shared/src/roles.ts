import { z } from 'zod';

export const roles = ['user', 'admin', 'lodger'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The spec reads the role from the session and falls back to 'user'. */
export function roleOf(user: { role?: string | null } | null | undefined): Role {
  const parsed = roleSchema.safeParse(user?.role);
  return parsed.success ? parsed.data : 'user';
}
