import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowRequestOf } from '../auth/actor.ts';
import {
  composeToCustomer,
  emailAttachment,
  getEmail,
  getEmailSettings,
  listEmails,
  listTemplates,
  previewTemplate,
  resendEmail,
  restoreTemplate,
  saveEmailSettings,
  saveTemplate,
} from './emails.service.ts';

type IdParams = { Params: { id: string } };
type KindParams = { Params: { kind: string } };

export function emailsRoutes(context: AppContext) {
  const { db, auth, outbox, env } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/emails', async (request) => listEmails(db, await queryRequestOf(auth, request)));
    app.post('/api/admin/emails', async (request, reply) =>
      reply.status(201).send(await composeToCustomer({ db, outbox, env }, await inputRequestOf(auth, request))),
    );
    app.get<IdParams>('/api/admin/emails/:id', async (request) => getEmail(db, await rowRequestOf(auth, request)));
    // Always a download, never shown as a page of this site: an attachment's type is whatever was sent.
    app.get<{ Params: { id: string; index: string } }>(
      '/api/admin/emails/:id/attachments/:index',
      async (request, reply) => {
        const file = await emailAttachment(db, {
          actor: await actorOf(auth, request),
          id: request.params.id,
          index: request.params.index,
        });
        const safeName = file.filename.replace(/[^\w.\- ]/g, '_');
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${safeName}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );
    app.post<IdParams>('/api/admin/emails/:id/resend', async (request, reply) =>
      reply.status(201).send(await resendEmail({ db, outbox }, await rowRequestOf(auth, request))),
    );
    app.get('/api/admin/email-settings', async (request) =>
      getEmailSettings(db, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/email-settings', async (request) => saveEmailSettings(db, await inputRequestOf(auth, request)));
    app.get('/api/admin/email-templates', async (request) => ({
      templates: await listTemplates(db, { actor: await actorOf(auth, request) }),
    }));
    app.put<KindParams>('/api/admin/email-templates/:kind', async (request, reply) => {
      await saveTemplate(db, { actor: await actorOf(auth, request), kind: request.params.kind, input: request.body });
      return reply.status(204).send();
    });
    app.delete<KindParams>('/api/admin/email-templates/:kind', async (request, reply) => {
      await restoreTemplate(db, { actor: await actorOf(auth, request), kind: request.params.kind });
      return reply.status(204).send();
    });
    app.post<KindParams>('/api/admin/email-templates/:kind/preview', async (request) =>
      previewTemplate(
        { db, env },
        { actor: await actorOf(auth, request), kind: request.params.kind, input: request.body },
      ),
    );
  };
}
