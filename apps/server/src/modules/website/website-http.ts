import type { FastifyReply } from 'fastify';

/** Sends one size of a website photo: cached for good (a new upload gets a new id), never sniffed or run. */
export function sendPublicImage(
  reply: FastifyReply,
  image: { bytes: Buffer; contentType: string; etag: string },
): FastifyReply {
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    // A new upload gets a new id, so the bytes at an address never change.
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', image.etag);
  if (reply.request.headers['if-none-match'] === image.etag) return reply.status(304).send();
  return reply.header('content-type', image.contentType).send(image.bytes);
}
