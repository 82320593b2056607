// Issue 26: the site's own type. The owner picks a heading and a text family from a short list (or keeps the
// device's own); the server serves the files from its own origin and preloads them in the head of the public pages;
// emails name the families first, before web-safe fall-backs.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { emailBrandOf } from '../emails/emails.service.ts';
import { htmlFromText } from '../emails/templates.ts';
import { renderVoucherPdf } from '../vouchers/voucher-pdf.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'fonts-web-'));
  copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const documentOf = async (url: string) => new JSDOM((await t.app.inject({ url })).body).window.document;
const fontPreloads = (document: Awaited<ReturnType<typeof documentOf>>) =>
  [...document.querySelectorAll('link[rel="preload"][as="font"]')].map((link) => ({
    href: link.getAttribute('href'),
    type: link.getAttribute('type'),
    crossorigin: link.hasAttribute('crossorigin'),
  }));

it('refuses a family not on the list and keeps the settings as they were', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  const before = (await owner.call('GET', '/api/admin/website')).json().settings;
  for (const input of [{ headingFont: 'comic-sans' }, { textFont: 'lora' }, { headingFont: 'inter' }]) {
    const refused = await owner.call('PUT', '/api/admin/website', input);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/choose one of the listed typefaces/);
  }
  expect((await owner.call('GET', '/api/admin/website')).json().settings).toEqual(before);
});

it('preloads the chosen files from the site itself on the public pages, and none for the device’s own', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  expect((await owner.call('PUT', '/api/admin/website', {})).statusCode).toBe(200);
  const plain = await documentOf('/');
  expect(fontPreloads(plain)).toEqual([]);
  expect(plain.head.innerHTML).not.toContain('@font-face');

  const saved = await owner.call('PUT', '/api/admin/website', { headingFont: 'lora', textFont: 'inter' });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await t.app.inject({ url: '/api/config' })).json().website.fonts).toEqual({ heading: 'lora', text: 'inter' });
  const files = [
    '/fonts/lora-latin-600-normal.woff2',
    '/fonts/inter-latin-400-normal.woff2',
    '/fonts/inter-latin-600-normal.woff2',
  ];
  for (const page of ['/', '/book']) {
    const document = await documentOf(page);
    expect(fontPreloads(document)).toEqual(files.map((href) => ({ href, type: 'font/woff2', crossorigin: true })));
    const css = document.head.querySelector('style:last-of-type')?.textContent ?? '';
    expect(css).toContain("font-family:'Lora';font-style:normal;font-weight:600;font-display:swap");
    expect(css).toContain("--mantine-font-family-headings:'Lora', 'Iowan Old Style'");
    // Only the site's own origin is named: no font service.
    expect(document.head.innerHTML).not.toMatch(/https?:\/\/[^"']*(fonts|woff)/);
  }
  // A signed-in page has nothing preloaded (the back office may keep the device's fonts), but the faces still apply.
  expect(fontPreloads(await documentOf('/account'))).toEqual([]);

  for (const file of files) {
    const font = await t.app.inject({ url: file });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  }
  // Only the listed families in the weights used, and no other file.
  for (const other of [
    '/fonts/lora-latin-700-normal.woff2',
    '/fonts/lora-cyrillic-600-normal.woff2',
    '/fonts/roboto-latin-400-normal.woff2',
    '/fonts/..%2f..%2fpackage.json',
  ])
    expect((await t.app.inject({ url: other })).statusCode, other).toBe(404);
});

it('names the chosen families first in the emails, before web-safe fall-backs, with no font attached', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  expect(
    (await owner.call('PUT', '/api/admin/website', { headingFont: 'cormorant-garamond', textFont: 'nunito-sans' }))
      .statusCode,
  ).toBe(200);
  const brand = await emailBrandOf(t.db, { publicUrl: undefined, businessName: 'Calm Hands' });
  const html = htmlFromText('Your booking is confirmed.', undefined, brand);
  expect(html).toContain("font-family:'Cormorant Garamond',Georgia,serif");
  expect(html).toContain("font-family:'Nunito Sans',Arial,sans-serif");
  expect(html).not.toContain('woff');

  expect((await owner.call('PUT', '/api/admin/website', {})).statusCode).toBe(200);
  const plain = htmlFromText(
    'Hello.',
    undefined,
    await emailBrandOf(t.db, { publicUrl: undefined, businessName: 'X' }),
  );
  expect(plain).toContain('font-family:Georgia,serif');
  expect(plain).toContain('font-family:Arial,sans-serif');
});

it('sets the voucher PDF in the chosen families, embedded, and in Helvetica for the device’s own', async () => {
  const voucher = {
    businessName: 'Calm Hands',
    businessEmail: 'hello@calm.example',
    businessPhone: '07700 900123',
    publicUrl: 'https://calm.example',
    code: 'ABCD EFGH IJKL',
    label: '60-minute massage',
    value: '£65.00',
    recipientName: 'Sam',
    buyerName: 'Alex',
    message: '',
    expires: '27 November 2027',
  };
  const fontsIn = (pdf: Buffer) => [...new Set(pdf.toString('latin1').match(/\/BaseFont \/[^\s/]+/g) ?? [])].join(' ');
  const chosen = fontsIn(
    await renderVoucherPdf(voucher, { color: '#3d6b5e', logo: null, fonts: { heading: 'lora', text: 'inter' } }),
  );
  expect(chosen).toMatch(/\+Lora-SemiBold/);
  expect(chosen).toMatch(/\+Inter/);
  expect(chosen).not.toContain('Helvetica ');
  const plain = fontsIn(await renderVoucherPdf(voucher, { color: '#3d6b5e', logo: null }));
  expect(plain).toContain('/BaseFont /Helvetica');
  expect(plain).not.toMatch(/Lora|Inter/);
});
