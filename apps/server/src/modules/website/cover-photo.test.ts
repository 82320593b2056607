// Issue 26: the cover photo is in the HTML the server sends for the home page (no script needed for the largest
// paint), fetched first, in AVIF, WebP and JPEG at every width the pipeline made, cropped around the owner's focal point.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { WebsiteImage } from '@app/shared';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { multipartForm } from '../storage/test-uploads.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cover-web-'));
  copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const documentOf = async (url: string) => new JSDOM((await t.app.inject({ url })).body).window.document;

it('puts the cover in the home page’s first paint with fetchpriority=high, every format and width, and its crop', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  const bytes = await sharp({ create: { width: 1800, height: 1000, channels: 3, background: '#7a9e8c' } })
    .jpeg()
    .toBuffer();
  const form = multipartForm([{ name: 'file', filename: 'cover.jpg', bytes }]);
  const cookie = Object.entries(owner.agent.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/admin/website/images',
    payload: form.payload,
    headers: { 'content-type': form.contentType, origin: 'http://localhost:3000', cookie },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const image: WebsiteImage = sent.json();

  const none = await documentOf('/');
  expect(none.querySelector('.first-paint-cover')).toBeNull();
  expect(none.querySelector('link[rel="preload"][as="image"]')).toBeNull();

  const saved = await owner.call('PUT', '/api/admin/website', {
    heroImageId: image.id,
    heroAlt: 'A warm treatment room',
    heroFocusX: 30,
    heroFocusY: 70,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const home = await documentOf('/');
  const cover = home.querySelector('.first-paint-home .first-paint-cover img');
  expect(cover?.getAttribute('fetchpriority')).toBe('high');
  expect(cover?.getAttribute('loading')).toBeNull();
  expect(cover?.getAttribute('alt')).toBe('A warm treatment room');
  expect(cover?.getAttribute('style')).toContain('object-position: 30% 70%');
  expect(cover?.getAttribute('srcset')).toBe(
    image.widths.map((w) => `/api/website/images/${image.id}/${w}.jpg ${w}w`).join(', '),
  );
  const sources = [...home.querySelectorAll('.first-paint-cover source')].map((s) => s.getAttribute('type'));
  expect(sources).toEqual(['image/avif', 'image/webp']);
  expect(image.widths).toEqual([480, 960, 1600]);
  const preload = home.querySelector('link[rel="preload"][as="image"]');
  expect(preload?.getAttribute('fetchpriority')).toBe('high');
  expect(preload?.getAttribute('imagesrcset')).toContain(`/api/website/images/${image.id}/1600.avif 1600w`);
  // Every size it names is served.
  const file = await t.app.inject({ url: `/api/website/images/${image.id}/960.avif` });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('image/avif');

  // Not on other pages: a picture in their hidden first paint would still be downloaded.
  const book = await documentOf('/book');
  expect(book.querySelector('.first-paint-cover')).toBeNull();
  expect(book.querySelector('link[rel="preload"][as="image"]')).toBeNull();
});

it('refuses a focal point outside the photo', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  const refused = await owner.call('PUT', '/api/admin/website', { heroFocusX: 101 });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.message).toContain('Focal point across: 0 to 100.');
});
