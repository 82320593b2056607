import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { PREVIEW_CARD, previewCard } from './preview-card.ts';
import { robotsTxt, sitemapXml } from './seo.service.ts';

export function seoRoutes(context: AppContext) {
  const publicUrl = publicUrlOf(context.env);
  return async (app: FastifyInstance) => {
    app.get('/sitemap.xml', async (_request, reply) => {
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return sitemapXml(context.db, { publicUrl });
    });
    app.get(PREVIEW_CARD.path, async (request, reply) => {
      const card = await previewCard({ db: context.db, files: context.files });
      reply.header('cache-control', 'public, max-age=3600').header('etag', card.etag);
      if (request.headers['if-none-match'] === card.etag) return reply.status(304).send();
      return reply.type('image/png').send(card.png);
    });
    // A web build from before this route had its own robots.txt, served as a file: it is kept until rebuilt.
    if (!app.hasRoute({ method: 'GET', url: '/robots.txt' }))
      app.get('/robots.txt', async (_request, reply) => {
        reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
        return robotsTxt(publicUrl);
      });
  };
}
