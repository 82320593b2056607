import type { FastifyInstance } from 'fastify';
import { type RequestLine, writeRequestLine } from './logger.ts';

/** A request slower than this is logged whatever it was for. */
export const SLOW_REQUEST_MS = 1000;

/**
 * At most one log line per request: every API call at info (method, path without its query, which can hold a
 * search for a client's name, status, time); static files of the web app only when they fail or are slow.
 * Errors are also logged by the error handler, with their stack.
 */
export function logRequests(app: FastifyInstance, { slowMs = SLOW_REQUEST_MS }: { slowMs?: number } = {}) {
  // A callback hook, not an async one: no promise per request on the busiest path.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    const line: RequestLine = { method: request.method, path, status, ms };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (ms >= slowMs) request.log.warn(line, 'slow request');
    else if (path.startsWith('/api/')) writeRequestLine(request.log, line);
    done();
  });
}
