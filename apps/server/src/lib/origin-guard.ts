import { AppError } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a file upload (multipart/form-data) instead of a JSON body. */
    multipart?: boolean;
    /** A provider's callback posted as a form (Twilio's), accepted only with its signature (decision 072). */
    form?: boolean;
  }
}

/**
 * A request that changes something must come from our own pages (decision 034).
 * - An `Origin` header, when present, must be one of ours (`null`, a sibling subdomain: refused).
 * - Without one, a `Sec-Fetch-Site` header must say `same-origin` or `none` (typed by the person).
 * - With neither (a command-line tool, another server, an old browser) the request goes on: an old
 *   browser's cross-site form cannot send `application/json`, which the body rule below requires.
 * Reading (GET/HEAD) is never refused: a link from another site must open the page.
 * Runs before the body is read, so a refused request costs nothing and changes nothing.
 */
export function registerOriginGuard(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    try {
      checkSender(request, trusted);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** Refuses a state-changing request from another site, or with a body that is not JSON (or the route's own kind). */
function checkSender(request: FastifyRequest, trusted: Set<string>) {
  const files = request.url.startsWith('/api/files');
  if (!fromOwnSite(request, trusted))
    throw files
      ? new AppError('storage/unauthorized-app', 'Files can only be uploaded from this website.')
      : new AppError('FORBIDDEN', 'This request came from another site. Please use the website itself.');
  // Upload routes read multipart themselves and answer with the storage codes of the specification.
  const type = request.headers['content-type'];
  if (type === undefined || request.routeOptions.config.multipart) return;
  const mediaType = type.split(';')[0]?.trim().toLowerCase();
  if (request.routeOptions.config.form && mediaType === 'application/x-www-form-urlencoded') return;
  if (mediaType !== 'application/json')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this request as JSON (Content-Type: application/json).');
}

function fromOwnSite(request: FastifyRequest, trusted: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return trusted.has(origin);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}
