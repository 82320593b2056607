import { AppError } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, requireRole } from '../auth/actor.ts';
import { acceptUploads, readUpload } from '../storage/file-http.ts';
import { tooLargeMessage } from '../storage/storage.service.ts';
import { readSiteFontFile } from './site-font-files.ts';
import { getWebsiteAdmin, readPublicImage, updateWebsiteSettings, uploadWebsiteImage } from './website.service.ts';
import { sendPublicImage } from './website-http.ts';

export function websiteRoutes(context: AppContext) {
  const { db, auth, env, files } = context;
  return async (app: FastifyInstance) => {
    await acceptUploads(app, env.UPLOAD_MAX_BYTES);
    app.get('/api/admin/website', async (request) => getWebsiteAdmin(db, { actor: await actorOf(auth, request) }));
    app.put('/api/admin/website', async (request) => updateWebsiteSettings(db, await inputRequestOf(auth, request)));
    app.post('/api/admin/website/images', { config: { multipart: true } }, async (request, reply) => {
      // The origin guard (lib/origin-guard.ts) refuses an upload from another site before this runs.
      const actor = await actorOf(auth, request);
      // Checked before the body is read, so nobody else can make the server take in a file.
      requireRole(actor, 'admin');
      const upload = await readUpload(request, env.UPLOAD_MAX_BYTES).catch((error: unknown) => {
        // The file store answers an over-size file with its storage code (quota-exceeded, 413); here it is one more
        // bad input to a form, which is a 400 that names the problem like every other.
        if (error instanceof AppError && error.code === 'storage/quota-exceeded')
          throw new AppError('VALIDATION', tooLargeMessage(env.UPLOAD_MAX_BYTES, 'photo'));
        throw error;
      });
      const image = await uploadWebsiteImage(
        { db, files },
        { actor, input: { bytes: upload.bytes, maxBytes: env.UPLOAD_MAX_BYTES } },
      );
      return reply.status(201).send(image);
    });
    app.get<{ Params: { id: string; file: string } }>('/api/website/images/:id/:file', async (request, reply) =>
      sendPublicImage(
        reply,
        await readPublicImage({ db, files }, { id: request.params.id, file: request.params.file }),
      ),
    );
    // The site's own type: files from the pinned @fontsource packages, never changed at an address.
    app.get<{ Params: { file: string } }>('/fonts/:file', async (request, reply) => {
      const bytes = await readSiteFontFile(request.params.file);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('font/woff2')
        .send(bytes);
    });
  };
}
