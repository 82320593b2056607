import { type ApiErrorBody, AppError, errorStatus } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Codes and messages for the errors Fastify itself raises, so they read like every other answer. */
const frameworkAnswers: Record<number, { code: string; message: string }> = {
  413: { code: 'TOO_LARGE', message: 'The request is too large.' },
  414: { code: 'TOO_LONG', message: 'A part of the address is too long.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send this request as JSON (Content-Type: application/json).' },
};

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
    if (status >= 400 && status < 500) return sendClientError(reply, status, error);
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(errorStatus.INTERNAL)
      .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });
}

function sendClientError(reply: FastifyReply, status: number, error: Error) {
  const known = frameworkAnswers[status];
  const code = known?.code ?? (status === 404 ? 'NOT_FOUND' : 'VALIDATION');
  const message = known?.message ?? clientMessage(error);
  const body: ApiErrorBody = { error: { code, message } };
  return reply.status(status).send(body);
}

/** The API's answer to a path it does not have. */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody = { error: { code: 'NOT_FOUND', message: 'There is nothing at this address.' } };
  return reply.status(404).send(body);
}

/**
 * Errors Fastify raises before a route is found (a malformed or over-long path parameter): the
 * `frameworkErrors` option of Fastify, answered in the same shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Refused before any hook ran: the request id is set here, as registerResponseHeaders sets it on other answers.
  reply.header('x-request-id', request.id);
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const fallback = new Error('The address is not valid.');
  return sendClientError(reply, status, fallback);
}

function clientMessage(error: Error): string {
  if (error.message.includes('JSON')) return 'The request body is not valid JSON.';
  return error.message || 'The request is not valid.';
}
