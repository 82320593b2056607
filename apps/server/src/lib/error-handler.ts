import { type ApiErrorBody, AppError, errorStatus } from '@app/shared';
import type { FastifyError, FastifyInstance } from 'fastify';

/** One mapping from errors to `{ error: { code, message } }`; unexpected errors never leak their text. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // Domain errors may carry details meant for the client (e.g. free alternatives); validation issues stay server-side.
      const details = error.code !== 'VALIDATION' && error.details !== undefined ? { details: error.details } : {};
      const body: ApiErrorBody = { error: { code: error.code, message: error.message, ...details } };
      return reply.status(error.status).send(body);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429)
      return reply
        .status(429)
        .send({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' } });
    if (status >= 400 && status < 500) {
      const code = status === 404 ? 'NOT_FOUND' : status === 413 ? 'VALIDATION' : 'VALIDATION';
      const message = status === 413 ? 'The request is too large.' : clientMessage(error);
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(errorStatus.INTERNAL)
      .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });
}

function clientMessage(error: Error): string {
  if (error.message.includes('JSON')) return 'The request body is not valid JSON.';
  return error.message || 'The request is not valid.';
}
