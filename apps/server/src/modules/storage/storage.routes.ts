import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, queryRequestOf } from '../auth/actor.ts';
import { acceptUploads, readUpload, sendStoredFile } from './file-http.ts';
import { getFile, getFileContent, listFiles, removeFile, requireFileAdmin, uploadFile } from './storage.service.ts';

type IdParams = { Params: { id: string } };
type ContentQuery = IdParams & { Querystring: { download?: string } };

export function storageRoutes(context: AppContext) {
  const { db, auth, env, files } = context;
  return async (app: FastifyInstance) => {
    await acceptUploads(app, env.UPLOAD_MAX_BYTES);
    // The origin guard (lib/origin-guard.ts) refuses an upload from another site before this runs.
    app.post('/api/files', { config: { multipart: true } }, async (request, reply) => {
      const actor = await actorOf(auth, request);
      // Checked before the body is read, so nobody else can make the server take in a file.
      requireFileAdmin(actor);
      const upload = await readUpload(request, env.UPLOAD_MAX_BYTES);
      const metadata = await uploadFile({ db, files }, { actor, input: { ...upload, maxBytes: env.UPLOAD_MAX_BYTES } });
      return reply.status(201).send(metadata);
    });
    app.get('/api/files', async (request) => listFiles({ db, files }, await queryRequestOf(auth, request)));
    app.get<IdParams>('/api/files/:id', async (request) =>
      getFile(db, { actor: await actorOf(auth, request), fileId: request.params.id }),
    );
    app.get<ContentQuery>('/api/files/:id/content', async (request, reply) => {
      const file = await getFileContent(
        { db, files },
        { actor: await actorOf(auth, request), fileId: request.params.id },
      );
      const download = request.query.download === '1' || request.query.download === 'true';
      return sendStoredFile(reply, file, { download });
    });
    app.delete<IdParams>('/api/files/:id', async (request, reply) => {
      await removeFile({ db, files }, { actor: await actorOf(auth, request), fileId: request.params.id });
      return reply.status(204).send();
    });
  };
}
