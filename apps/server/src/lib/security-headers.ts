import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifySymbols from 'fastify/lib/symbols.js';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set for this configuration, worked out once. They depend on the configuration alone (no
 * nonces), and helmet's Fastify plugin built them again on every request, parsing the content-security policy each
 * time: 13.7 % of the server's CPU on /api/health.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  // Helmet's middleware runs synchronously and calls back once every header is set (or with a bad option).
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish setting its headers');
  return headers;
}

/**
 * The headers every answer starts with, set before any guard or route runs, so a refusal carries them too; a route may
 * still set its own (a file's CSP, the calendar feed's caching):
 * - helmet's;
 * - the request id, so a caller can quote it and find its line in the log;
 * - on the API, `cache-control: no-store`: its answers are personal (or may become so), so no browser or proxy keeps
 *   them.
 * One hook, where these were an `onRequest` and an `onSend` one: without any `onSend` hook Fastify goes straight from
 * the route to the answer (issue 27).
 *
 * The hook gives the reply a copy of one of two finished sets as its headers, where `reply.headers()` added thirteen
 * one by one (lower-casing each name, growing the object a key at a time): a fifth of what the headers cost under load.
 * Fastify keeps a reply's headers under `kReplyHeaders` (its `lib/symbols.js`), and every later `reply.header()` adds
 * to that same object. It is the first `onRequest` hook, so the reply has no header yet; one a hook added before it
 * would still be kept.
 */
export function registerResponseHeaders(app: FastifyInstance, options: HelmetOptions) {
  const security = securityHeadersOf(options);
  // The request id's place is kept in each set; its value is the request's own.
  const pageHeaders = { ...security, 'x-request-id': '' };
  const apiHeaders = { ...pageHeaders, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const headers: Record<string, string> = request.url.startsWith('/api/') ? { ...apiHeaders } : { ...pageHeaders };
    headers['x-request-id'] = request.id;
    const internals = reply as unknown as Record<symbol, Record<string, string>>;
    const before = internals[kReplyHeaders];
    for (const name in before) headers[name] = before[name] as string;
    internals[kReplyHeaders] = headers;
    done();
  });
}

const { kReplyHeaders } = fastifySymbols;
if (typeof kReplyHeaders !== 'symbol') throw new Error('Fastify no longer keeps reply headers under kReplyHeaders');
