// Issue 26: where the business is, without an outside tile server: a map picture the owner uploads, served from the
// site like every website photo, and a link to the maps app.
import type { WebsiteImage } from '@app/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { multipartForm } from '../storage/test-uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(() => t.close());

const mapOnSite = async () => (await t.app.inject({ url: '/api/config' })).json().website.map;

it('shows the owner’s map picture and maps link, serves the picture from the site, and refuses a non-https link', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  expect(await mapOnSite()).toBeNull();
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#dfe8e1' } })
    .png()
    .toBuffer();
  const form = multipartForm([{ name: 'file', filename: 'map.png', bytes }]);
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

  const plain = await owner.call('PUT', '/api/admin/website', { mapsLink: 'http://maps.example/area' });
  expect(plain.statusCode).toBe(400);
  expect(plain.json().error.message).toContain('https://');

  const saved = await owner.call('PUT', '/api/admin/website', {
    mapImageId: image.id,
    mapsLink: 'https://maps.app.goo.gl/area',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(await mapOnSite()).toEqual({ image, link: 'https://maps.app.goo.gl/area' });
  const file = await t.app.inject({ url: `/api/website/images/${image.id}/${image.widths[0]}.webp` });
  expect(file.statusCode).toBe(200);

  // Taken off the site, the picture is no longer served.
  expect((await owner.call('PUT', '/api/admin/website', {})).statusCode).toBe(200);
  expect(await mapOnSite()).toBeNull();
  expect((await t.app.inject({ url: `/api/website/images/${image.id}/${image.widths[0]}.webp` })).statusCode).toBe(404);
});
