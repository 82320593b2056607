import { SENSUAL_FLAG } from '@app/shared';
import type { FastifyRequest } from 'fastify';

/** Whether the visitor has the discretion cookie (sensual treatments shown): read by every route that lists them. */
export function hasSensualFlag(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie ?? '';
  return cookie.split(';').some((part) => part.trim() === `${SENSUAL_FLAG}=true`);
}
