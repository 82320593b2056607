// Decision 100: home rendered by the server from the web build's own components (dist/ssr/render-home.js, built here
// from apps/web/src/render-home.tsx as `npm run build` builds it), for a visitor the page looks the same for.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

const webRoot = resolve(import.meta.dirname, '../../../../web');
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'rendered-home-'));
  copyFileSync(join(webRoot, 'index.html'), join(webDist, 'index.html'));
  execFileSync(
    resolve(webRoot, '../../node_modules/.bin/vite'),
    ['build', '--ssr', 'src/render-home.tsx', '--outDir', join(webDist, 'ssr'), '--logLevel', 'error'],
    // As `npm run build` runs it: Vitest's own NODE_ENV would make React's development JSX.
    { cwd: webRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function home(headers: Record<string, string> = {}, url = '/') {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  const document = new JSDOM(response.body).window.document;
  return { response, document, root: document.getElementById('q-app') };
}

describe('home rendered by the server', () => {
  it('draws the page a first visitor sees, with the data it was drawn from and the script that starts the app', async () => {
    const { response, document, root } = await home();
    expect(root?.dataset.rendered).toBe('home');
    expect(root?.querySelector('h1')?.textContent).toBe('Massage that fits your day');
    // The treatments with their prices, as the app lists them, and no private one.
    const services = (await t.app.inject({ method: 'GET', url: '/api/services' })).json().services as {
      name: string;
    }[];
    expect(services.length).toBeGreaterThan(0);
    const cards = [...(root?.querySelectorAll('article') ?? [])].map((card) => card.querySelector('h3')?.textContent);
    expect(cards).toEqual(services.map((service) => service.name));
    expect(root?.textContent).toMatch(/£\d+/);
    expect(root?.textContent).not.toMatch(/sensual|naturist|body-to-body/i);
    const data = JSON.parse(document.getElementById('home-data')?.textContent ?? 'null');
    // The same answers the app would fetch, though the page reads them with its head's facts (seo.service.ts).
    expect(data.config).toEqual((await t.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(data.services).toEqual({ services });
    const scripts = [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
    // (The source's index.html, used here, still names its module script after them.)
    expect(scripts.slice(0, 2)).toEqual(['/route-hint.js', '/start-on-interaction.js']);
    // No inline script: the content-security policy allows none.
    const inline = [...document.querySelectorAll('script:not([src])')].map((script) => script.getAttribute('type'));
    expect(inline.sort()).toEqual(['application/json', 'application/ld+json']);
    expect(response.headers.vary).toBe('accept-encoding, cookie');
  });

  it('follows the owner’s changes on the next request', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const details = (await admin.call('GET', '/api/admin/business')).json();
    await admin.call('PUT', '/api/admin/business', { ...details, businessName: 'Rendered Hands' });
    const { root } = await home();
    expect(root?.querySelector('header')?.textContent).toContain('Rendered Hands');
    await admin.call('PUT', '/api/admin/business', details);
    expect((await home()).root?.querySelector('header')?.textContent).not.toContain('Rendered Hands');
  });

  it('serves the plain shell to a signed-in visitor, one with the discretion flag, and an address with a query', async () => {
    const client = await signedIn(t);
    const cookie = Object.entries(client.agent.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const signedInPage = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    const sensual = await home({ cookie: 'showSensual=true' });
    const withQuery = await home({}, '/?termsandconditions=true');
    for (const body of [signedInPage.body, sensual.response.body, withQuery.response.body]) {
      expect(body).not.toContain('data-rendered');
      expect(body).not.toContain('start-on-interaction.js');
      expect(body).toContain('class="first-paint-home"');
    }
  });

  it('never serves its own build to a browser: the address is an unknown page, which gets the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ssr/render-home.js' });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('renderHome');
  });
});

describe('a rendering that fails', () => {
  let broken: TestApp;
  let brokenDist: string;
  beforeAll(async () => {
    brokenDist = mkdtempSync(join(tmpdir(), 'rendered-home-broken-'));
    copyFileSync(join(webRoot, 'index.html'), join(brokenDist, 'index.html'));
    mkdirSync(join(brokenDist, 'ssr'));
    writeFileSync(
      join(brokenDist, 'ssr', 'render-home.js'),
      'export async function renderHome() { throw new Error("a component failed"); }\n',
    );
    broken = await createTestApp({ WEB_DIST: brokenDist });
  });
  afterAll(async () => {
    await broken.close();
    rmSync(brokenDist, { recursive: true, force: true });
  });

  it('leaves the visitor the plain shell, which starts the app as on any page', async () => {
    const response = await broken.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('class="first-paint-home"');
    expect(response.body).not.toContain('data-rendered');
  });
});
