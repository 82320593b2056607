import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, rowRequestOf } from '../auth/actor.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { sendPhoneCode, verifyPhoneCode } from './phone-verification.ts';
import { recordDeliveryStatus, recordReply } from './text-outbox.ts';
import {
  bookingTexts,
  getContactPreference,
  getTextSettings,
  listTexts,
  setContactPreference,
  updateTextSettings,
} from './texts.service.ts';
import { isTwilioSignatureValid } from './twilio-sender.ts';

export function textsRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/text-settings', async (request) =>
      getTextSettings(context, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/text-settings', async (request) =>
      updateTextSettings(context, await inputRequestOf(auth, request)),
    );
    app.get('/api/admin/texts', async (request) => ({
      texts: await listTexts(context.db, { actor: await actorOf(auth, request) }),
    }));
    app.get('/api/account/contact-preference', async (request) =>
      getContactPreference(context, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/account/contact-preference', async (request) =>
      setContactPreference(context, await inputRequestOf(auth, request)),
    );
    app.post('/api/account/phone/code', async (request) =>
      sendPhoneCode(context, { actor: await actorOf(auth, request), input: request.body, address: request.ip }),
    );
    app.post('/api/account/phone/verify', async (request) =>
      verifyPhoneCode(context, await inputRequestOf(auth, request)),
    );
    app.get<{ Params: { id: string } }>('/api/admin/bookings/:id/texts', async (request) =>
      bookingTexts(context.db, await rowRequestOf(auth, request)),
    );
  };
}

/**
 * Twilio's callbacks, posted as forms and signed over the public URL and the fields (decision 072). In their own
 * plugin, the only routes that read a form body; a request whose signature does not match changes nothing (403).
 */
export function twilioCallbackRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const signed = async (url: string, request: { headers: Record<string, unknown>; body: unknown }) => {
      const params = (request.body ?? {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      const valid = await isTwilioSignatureValid(context.env, {
        signature: typeof signature === 'string' ? signature : undefined,
        url: `${publicUrlOf(context.env)}${url}`,
        params: typeof params === 'object' ? params : {},
      });
      return valid ? params : null;
    };
    const form = { config: { form: true } };
    app.post('/api/texts/status', form, async (request, reply) => {
      const params = await signed('/api/texts/status', request);
      if (!params) return reply.status(403).send({ error: { code: 'FORBIDDEN', message: 'Signature not valid.' } });
      await recordDeliveryStatus(context.db, {
        providerId: String(params.MessageSid ?? ''),
        status: String(params.MessageStatus ?? ''),
        errorCode: params.ErrorCode ? String(params.ErrorCode) : undefined,
      });
      return reply.status(204).send();
    });
    app.post('/api/texts/incoming', form, async (request, reply) => {
      const params = await signed('/api/texts/incoming', request);
      if (!params) return reply.status(403).send({ error: { code: 'FORBIDDEN', message: 'Signature not valid.' } });
      await recordReply(context.db, { from: String(params.From ?? ''), body: String(params.Body ?? '') });
      // An empty TwiML answer: Twilio's own STOP handling answers the client.
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    });
  };
}
