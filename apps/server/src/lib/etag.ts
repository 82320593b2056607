import { createHash } from 'node:crypto';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public reads that change rarely: an ETag from the answer, and 304 when the browser already has it. */
    etag?: boolean;
  }
}

/**
 * ETags for the routes that ask for one (`config: { etag: true }`). The tag is a hash of the answer itself, so it
 * changes the moment what the answer says changes (a booking taken, a price edited), on every instance alike.
 * The hook is given to those routes as each is declared (call before any route), so that no other request pays for
 * asking whether its route wants one (issue 27).
 */
export function registerEtags(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.config?.etag) route.onSend = [route.onSend ?? []].flat().concat(answerWithEtag);
  });
}

const answerWithEtag: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
  // A route that keeps its answers may have tagged this one already.
  const tag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
  reply.header('etag', tag);
  const known = request.headers['if-none-match'];
  if (known?.split(',').some((candidate) => candidate.trim() === tag)) {
    reply.code(304);
    return done(null, '');
  }
  done(null, payload);
};

/** The ETag of an answer: a hash of its text, so it changes exactly when the answer does. */
export function etagOf(payload: string): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}
