import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicConfig, Service } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { hasSensualFlag } from '../../lib/sensual-flag.ts';
import { publicConfigFrom } from '../config/config.service.ts';
import { publicReviews } from '../reviews/reviews.service.ts';
import { type SiteFacts, scriptJson } from './seo.service.ts';

/**
 * Home rendered here for a first visit (decision 100): the web build's own components (dist/ssr/render-home.js, from
 * apps/web/src/render-home.tsx) draw the page with the data the app would fetch, so the visitor reads and scrolls a
 * finished page while the browser has loaded no script of the app; the app starts, and takes the page over, at the
 * first interaction. Only for a visitor the page looks the same for: no session, no discretion flag, no query.
 */

/** What render-home.tsx takes (its HomeData); the server's answers of GET /api/config, /services and /reviews. */
type HomeData = {
  config: PublicConfig;
  services: { services: Service[] };
  reviews: Awaited<ReturnType<typeof publicReviews>>;
};
type RenderHome = (data: HomeData) => Promise<string>;

export type RenderedHome = {
  /** Whether this request gets the rendered page. */
  wants: (request: FastifyRequest) => boolean;
  /**
   * The shell with home drawn in it, or null where rendering failed (logged; the plain shell serves). `facts` are
   * those the page's head was written from: the configuration and the treatments come from the same reads.
   */
  page: (shell: string, request: FastifyRequest, facts: SiteFacts) => Promise<string | null>;
};

/** A session of better-auth, under either of its names (`__Secure-` on https). */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const appRoot = /<div id="q-app">[\s\S]*?(?=\s*<noscript>)/;

/** Home's own chunks, whose stylesheets the app would load with them. */
const homeChunks = ['src/features/home/routes/home-page.tsx', 'src/features/home/components/home-below-fold.tsx'];

/**
 * The stylesheets of home's chunks and of the chunks they import, from the build's manifest: the server's page needs
 * them before the app has started. Those the shell already links are left out.
 */
function homeStylesheets(webDist: string, shell: string): string {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { css?: string[]; imports?: string[] }
  >;
  const seen = new Set<string>();
  const hrefs = new Set<string>();
  const queue = [...homeChunks];
  while (queue.length) {
    const key = queue.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const file of manifest[key]?.css ?? []) if (!shell.includes(`/${file}`)) hrefs.add(`/${file}`);
    queue.push(...(manifest[key]?.imports ?? []));
  }
  return [...hrefs].map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('\n    ');
}

export function renderedHome({ db, env, webDist }: { db: Db; env: Env; webDist: string }): RenderedHome | null {
  const modulePath = join(webDist, 'ssr', 'render-home.js');
  if (!existsSync(modulePath)) return null;
  let renderer: Promise<RenderHome> | undefined;
  // The page changes only with the data: the last rendering serves until the data differs.
  let last: { key: string; html: string } | undefined;
  let styles: string | undefined;

  async function render(data: HomeData): Promise<string> {
    const key = JSON.stringify(data);
    if (last?.key === key) return last.html;
    renderer ??= import(pathToFileURL(modulePath).href).then((module: { renderHome: RenderHome }) => module.renderHome);
    const html = `<div id="q-app" data-rendered="home">${await (await renderer)(data)}</div>\n    <script type="application/json" id="home-data">${scriptJson(data)}</script>`;
    last = { key, html };
    return html;
  }

  return {
    wants(request) {
      return (
        request.method === 'GET' &&
        request.url === '/' &&
        !sessionCookie.test(request.headers.cookie ?? '') &&
        !hasSensualFlag(request)
      );
    },
    async page(shell, request, facts) {
      try {
        const config = publicConfigFrom(env, facts.configSources);
        const reviews = await publicReviews(db, env);
        const html = await render({ config, services: { services: facts.publicServices }, reviews });
        // The app itself waits for the visitor's first interaction, which start-on-interaction.js marks.
        styles ??= homeStylesheets(webDist, shell);
        const links = styles;
        return shell
          .replace('</head>', () => `  ${links}\n  </head>`)
          .replace(appRoot, () => html)
          .replace(
            /<script src="\/route-hint\.js"[^>]*><\/script>/,
            (hint) => `${hint}\n    <script src="/start-on-interaction.js"></script>`,
          );
      } catch (error) {
        request.log.error({ err: error }, 'Rendering home failed; the plain shell serves');
        return null;
      }
    },
  };
}
