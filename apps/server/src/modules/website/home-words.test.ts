// Issue 26: the owner's words on the home page, with the product's own as defaults, in the app and in the first paint
// the server sends; the therapist's card as soon as anything of it is filled in.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HOME_WORDS } from '@app/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'home-words-web-'));
  copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const wordsOnSite = async () => (await t.app.inject({ url: '/api/config' })).json().website.words;
const homeHtml = async () => (await t.app.inject({ url: '/' })).body;

// One test: the words are the site's single row of settings, so their states follow each other here.
it('shows the product’s words until the owner writes their own, field by field, in the app and the first paint', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  expect(await wordsOnSite()).toEqual(HOME_WORDS);
  expect(await homeHtml()).toContain(`>${HOME_WORDS.headline}</h1>`);

  const saved = await owner.call('PUT', '/api/admin/website', {
    headline: 'Deep rest in <Hackney> & beyond',
    intro: 'Quiet hands, warm oils, no rush.',
    steps: [
      { title: '', text: '' },
      { title: 'Choose your hour', text: '' },
    ],
    callToAction: 'Find a time',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(await wordsOnSite()).toEqual({
    headline: 'Deep rest in <Hackney> & beyond',
    intro: 'Quiet hands, warm oils, no rush.',
    steps: [HOME_WORDS.steps[0], { title: 'Choose your hour', text: HOME_WORDS.steps[1].text }, HOME_WORDS.steps[2]],
    callToAction: 'Find a time',
  });
  const html = await homeHtml();
  expect(html).toContain('>Deep rest in &#60;Hackney&#62; &#38; beyond</h1>');
  expect(html).toContain('>Quiet hands, warm oils, no rush.</p>');
  expect(html).not.toContain(HOME_WORDS.headline);
  expect(html).not.toContain('<Hackney>');

  expect((await owner.call('PUT', '/api/admin/website', { headline: '' })).statusCode).toBe(200);
  expect((await wordsOnSite()).headline).toBe(HOME_WORDS.headline);
  expect(await homeHtml()).toContain(`>${HOME_WORDS.headline}</h1>`);
});

it('shows the therapist’s card from qualifications alone, and refuses years of practice out of range', async () => {
  const owner = await signedIn(t, { role: 'admin' });
  const tooMany = await owner.call('PUT', '/api/admin/website', { therapistYears: 61 });
  expect(tooMany.statusCode).toBe(400);
  expect(tooMany.json().error.message).toContain('Years of practice');
  const saved = await owner.call('PUT', '/api/admin/website', {
    therapistQualifications: 'ITEC Level 3 in massage',
    therapistYears: 12,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { therapist } = (await t.app.inject({ url: '/api/config' })).json().website;
  expect(therapist).toMatchObject({ name: '', qualifications: 'ITEC Level 3 in massage', years: 12, photo: null });
});
