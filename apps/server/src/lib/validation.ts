import { AppError } from '@app/shared';
import type { z } from 'zod';

/** An id as every table keys its rows (a UUID): anything else in a path is a row that does not exist. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses outside input with a shared schema; a failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new AppError('VALIDATION', message, result.error.issues);
}

/** A LIKE pattern matching `text` anywhere: the user's % and _ are literal, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
