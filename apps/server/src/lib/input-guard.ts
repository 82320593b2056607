import { AppError, entityIdSchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Path parameters that name a stored row: each must be a UUID (every table is keyed by one). */
const ID_PARAMS = new Set(['id', 'uid', 'bookingId', 'fileId']);
/** Other path parameters (a template kind, a feed file name) are short plain words. */
const MAX_WORD_PARAM = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** How deep a JSON body may nest (found by the fuzz test). */
const MAX_DEPTH = 32;

/**
 * One guard in front of every route: a malformed path id, or a NUL anywhere in the query,
 * the path or the body, is a 400 naming the field, before any service or the database sees it
 * (PostgreSQL refuses NUL in text, and a non-UUID in a uuid column, with an error, not a miss).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkInput(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

function checkInput(request: FastifyRequest) {
  // Loops over keys rather than Object.entries, and nothing walked that is not there: most requests have no path
  // parameter and no body, and this runs on every one (issue 27).
  const params = request.params as Record<string, unknown> | undefined;
  for (const name in params) {
    if (!Object.hasOwn(params, name)) continue;
    const value = params[name];
    if (typeof value !== 'string' || name === '*') continue;
    // The file manager answers with the storage codes of the specification (section 8).
    const code = request.url.startsWith('/api/files') ? 'storage/invalid-url' : 'VALIDATION';
    if (ID_PARAMS.has(name)) {
      if (!entityIdSchema.safeParse(value).success) throw new AppError(code, `${name}: Not a valid id`);
    } else if (value.length > MAX_WORD_PARAM || CONTROL.test(value))
      throw new AppError(code, `${name}: Not a valid value`);
  }
  const body = request.body;
  // No form of ours nests deeper than a few levels; thousands of levels overflowed better-auth's stack (a 500).
  if (body !== undefined && nestedDeeperThan(body, MAX_DEPTH))
    throw new AppError('VALIDATION', `body: must not be nested more than ${MAX_DEPTH} levels deep`);
  const bad = nulIn(request.query, []) ?? (body === undefined ? undefined : nulIn(body, []));
  if (bad) throw new AppError('VALIDATION', `${bad || 'body'}: must not contain a NUL character`);
}

/** The path of the first string (value or key) holding a NUL character, or undefined. */
function nulIn(value: unknown, path: string[], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return undefined;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (key.includes('\u0000')) return [...path, 'key'].join('.');
    const found = nulIn(object[key], [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether arrays and objects nest more than `limit` levels (walked without recursion). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
