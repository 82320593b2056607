import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { handleStripeWebhook } from './stripe-webhook.service.ts';

/**
 * Stripe's webhook. Registered in its own plugin so that only this route reads its body as raw bytes: Stripe signs
 * the exact bytes it sent, and a parsed and re-serialised body would no longer match.
 */
export function stripeWebhookRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/api/stripe/webhook', async (request) => {
      const answer = await handleStripeWebhook(context, {
        rawBody: request.body,
        signature: request.headers['stripe-signature'],
      });
      request.log.info({ stripeOutcome: answer.outcome }, 'stripe webhook handled');
      return answer;
    });
  };
}
