// Issue 15: what a search engine or a link preview reads, fetched as they fetch it: the HTML without running a
// script, the sitemap and robots.txt. Private treatments are never named, listed or previewed.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { WebsiteSettings } from '@app/shared';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { multipartForm } from '../storage/test-uploads.ts';

const SENSUAL_WORDS = /sensual|naturist|body-?to-?body|tantra|erotic|intimate|euphoria|serenity|harmony|\bgay\b/i;
const SITE = 'http://localhost:3000';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'seo-web-'));
  // The app's own shell, as the build leaves its head.
  copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));
  t = await createTestApp({ WEB_DIST: webDist, API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const document = new JSDOM(response.body).window.document;
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
  return {
    response,
    head: document.head.innerHTML,
    title: document.title,
    description: meta('meta[name="description"]'),
    robots: meta('meta[name="robots"]'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: (property: string) => meta(`meta[property="og:${property}"]`),
    twitter: (name: string) => meta(`meta[name="twitter:${name}"]`),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
      JSON.parse(script.textContent ?? ''),
    ),
    titles: document.querySelectorAll('title').length,
  };
}

describe('the head of each page, in the HTML the server sends', () => {
  it('home: the business and its area, a canonical address, a link preview and the business’s JSON-LD', async () => {
    const home = await page('/');
    expect(home.titles).toBe(1);
    expect(home.title).toBe('Massage in London — Soothe London');
    expect(home.description).toContain('London');
    expect(home.canonical).toBe(`${SITE}/`);
    expect(home.robots).toBeNull();
    expect(home.og('title')).toBe(home.title);
    expect(home.og('url')).toBe(`${SITE}/`);
    expect(home.og('image')).toMatch(/^http:\/\/localhost:3000\/og-image\.png\?v=[\w-]+$/);
    expect(home.twitter('image')).toBe(home.og('image'));
    expect([home.og('image:width'), home.og('image:height')]).toEqual(['1200', '630']);
    expect(home.twitter('card')).toBe('summary_large_image');
    // The card is a real 1200×630 PNG, made here without a photo.
    const card = await t.app.inject({ method: 'GET', url: '/og-image.png' });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(home.head).toContain(`<meta name="theme-color" content="`);
    expect(home.head).not.toMatch(SENSUAL_WORDS);

    // schema.org: the properties a local business listing needs, read back from the parsed JSON-LD.
    expect(home.jsonLd).toHaveLength(1);
    const business = home.jsonLd[0];
    expect(business['@context']).toBe('https://schema.org');
    expect(business['@type']).toBe('HealthAndBeautyBusiness');
    expect(business.name).toBe('Soothe London');
    expect(business.url).toBe(`${SITE}/`);
    expect(business.areaServed).toEqual({ '@type': 'Place', name: 'London' });
    expect(business.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'London' });
    expect(business.priceRange).toMatch(/^£\d+(\.\d\d)?(–£\d+(\.\d\d)?)?$/);
    expect(business.openingHoursSpecification.length).toBeGreaterThan(0);
    for (const hours of business.openingHoursSpecification) {
      expect(hours['@type']).toBe('OpeningHoursSpecification');
      expect(hours.dayOfWeek).toMatch(/^https:\/\/schema\.org\/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/);
      expect(hours.opens).toMatch(/^\d\d:\d\d$/);
      expect(hours.closes > hours.opens).toBe(true);
    }
    expect(business.makesOffer.length).toBeGreaterThan(0);
    for (const offer of business.makesOffer) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.price).toMatch(/^\d+\.\d\d$/);
      expect(offer.priceCurrency).toBe('GBP');
      expect(offer.url).toMatch(/^http:\/\/localhost:3000\/book\?style=therapeutic&type=(swedish|deeptissue|both)$/);
      expect(offer.itemOffered['@type']).toBe('Service');
      expect(offer.itemOffered.name).toBeTruthy();
    }
    expect(JSON.stringify(business)).not.toMatch(SENSUAL_WORDS);
  });

  it('a treatment’s booking link is titled and described for that treatment', async () => {
    const swedish = await page('/book?style=therapeutic&type=swedish');
    expect(swedish.title).toBe('Swedish massage in London — Soothe London');
    expect(swedish.canonical).toBe(`${SITE}/book?style=therapeutic&type=swedish`);
    expect(swedish.description).toMatch(/^Book a swedish massage in London online/);
    expect(swedish.jsonLd).toEqual([]);
    // The spec's alias lands on the same page, so it names the same canonical address.
    const alias = await page('/deeptissue');
    expect(alias.title).toBe('Deep tissue massage in London — Soothe London');
    expect(alias.canonical).toBe(`${SITE}/book?style=therapeutic&type=deeptissue`);
  });

  it.each(['/sensual', '/tantra', '/gay', '/book?style=sensual&type=naturist', '/book?type=bodytobody'])(
    '%s is not indexed and previews as the neutral card',
    async (url) => {
      const privatePage = await page(url);
      expect(privatePage.response.headers['x-robots-tag']).toBe('noindex');
      expect(privatePage.robots).toBe('noindex');
      expect(privatePage.canonical).toBeNull();
      expect(privatePage.title).toBe('Massage in London — Soothe London');
      expect(privatePage.og('title')).toBe('Massage in London — Soothe London');
      expect(privatePage.head).not.toMatch(SENSUAL_WORDS);
    },
  );

  it('personal pages are not indexed either', async () => {
    for (const url of ['/bookings', '/account', '/dashboard', '/facebook_login']) {
      const personal = await page(url);
      expect(personal.response.headers['x-robots-tag']).toBe('noindex');
      expect(personal.robots).toBe('noindex');
    }
  });

  it('follows the business details the owner changes, on the next request', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const details = (await admin.call('GET', '/api/admin/business')).json();
    const changed = await admin.call('PUT', '/api/admin/business', {
      ...details,
      businessName: 'Calm Hands',
      area: 'Brighton',
      phone: '01273 000000',
    });
    expect(changed.statusCode).toBe(200);
    const home = await page('/');
    expect(home.title).toBe('Massage in Brighton — Calm Hands');
    expect(home.og('site_name')).toBe('Calm Hands');
    expect(home.jsonLd[0].name).toBe('Calm Hands');
    expect(home.jsonLd[0].telephone).toBe('01273 000000');
    expect(home.jsonLd[0].areaServed.name).toBe('Brighton');
    await admin.call('PUT', '/api/admin/business', details);
  });

  it('answers HEAD like GET without a body, and sends the page compressed to a browser that takes brotli', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/sensual' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-robots-tag']).toBe('noindex');
    expect(head.body).toBe('');
    const compressed = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<title>Massage in');
  });
});

describe('sitemap and robots.txt', () => {
  const lastmods = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const xml = new JSDOM(response.body, { contentType: 'application/xml' }).window.document;
    return [...new Set([...xml.getElementsByTagName('lastmod')].map((node) => node.textContent))];
  };

  it('dates every page by the catalogue’s last change: a new price moves lastmod to that day', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const swedish = await serviceOfType(t, 'swedish');
    // The business's clock, fixed two days ahead at noon: later than any row the install wrote so far.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await lastmods()).not.toContain(day);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${day}T12:00:00Z`) });
    try {
      const durations = swedish.durations.map((d, index) =>
        index === 0 ? { ...d, pricePence: d.pricePence + 500 } : d,
      );
      const changed = await admin.call('PATCH', `/api/admin/services/${swedish.id}`, { durations });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await lastmods()).toEqual([day]);
    } finally {
      vi.useRealTimers();
      await admin.call('PATCH', `/api/admin/services/${swedish.id}`, { durations: swedish.durations });
    }
  });

  it('the sitemap is XML listing the public pages and the therapeutic booking links, and no private one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = new JSDOM(response.body, { contentType: 'application/xml' }).window.document;
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locations = [...xml.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locations).toEqual([
      `${SITE}/`,
      `${SITE}/book`,
      `${SITE}/book?style=therapeutic&type=swedish`,
      `${SITE}/book?style=therapeutic&type=deeptissue`,
      `${SITE}/book?style=therapeutic&type=both`,
    ]);
    for (const lastmod of xml.getElementsByTagName('lastmod')) expect(lastmod.textContent).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(response.body).not.toMatch(SENSUAL_WORDS);
  });

  it('robots.txt points to the sitemap and keeps crawlers out of the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('what the owner changes in the Website section', () => {
  const cookieOf = (person: Awaited<ReturnType<typeof signedIn>>) =>
    Object.entries(person.agent.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');

  /** Saves the website settings with `change`, runs `check`, then puts the settings back as they were. */
  async function withWebsite(change: (settings: WebsiteSettings) => WebsiteSettings, check: () => Promise<void>) {
    const admin = await signedIn(t, { role: 'admin' });
    const before = (await admin.call('GET', '/api/admin/website')).json().settings as WebsiteSettings;
    const saved = await admin.call('PUT', '/api/admin/website', change(before));
    expect(saved.statusCode).toBe(200);
    try {
      await check();
    } finally {
      expect((await admin.call('PUT', '/api/admin/website', before)).statusCode).toBe(200);
    }
  }

  it('publishes the street address only when the owner chooses to, and lists the hero and gallery photos', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const details = (await admin.call('GET', '/api/admin/business')).json();
    expect(
      (await admin.call('PUT', '/api/admin/business', { ...details, streetAddress: '12 Quiet Mews, London W1' }))
        .statusCode,
    ).toBe(200);
    try {
      // Off by default: the area only, whatever the business details hold.
      const closed = (await page('/')).jsonLd[0];
      expect(closed.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'London' });
      expect(JSON.stringify(closed)).not.toContain('Quiet Mews');
      expect(closed.image).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/og-image\.png\?v=/)]);

      const upload = async (colour: string, name: string) => {
        const bytes = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: colour } })
          .jpeg()
          .toBuffer();
        const form = multipartForm([{ name: 'file', filename: name, bytes }]);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/admin/website/images',
          payload: form.payload,
          headers: { 'content-type': form.contentType, origin: SITE, cookie: cookieOf(admin) },
        });
        expect(response.statusCode).toBe(201);
        return response.json() as { id: string; widths: number[] };
      };
      const hero = await upload('#204080', 'hero.jpg');
      const first = await upload('#408020', 'room.jpg');
      const second = await upload('#802040', 'oils.jpg');
      await withWebsite(
        (settings) => ({
          ...settings,
          publishStreetAddress: true,
          heroImageId: hero.id,
          gallery: [
            { imageId: first.id, alt: 'The room' },
            { imageId: second.id, alt: 'The oils' },
          ],
        }),
        async () => {
          const open = (await page('/')).jsonLd[0];
          expect(open.address).toEqual({
            '@type': 'PostalAddress',
            streetAddress: '12 Quiet Mews, London W1',
            addressLocality: 'London',
          });
          const large = (image: { id: string; widths: number[] }) =>
            `${SITE}/api/website/images/${image.id}/${image.widths.at(-1)}.webp`;
          expect(open.image).toEqual([
            expect.stringMatching(/^http:\/\/localhost:3000\/og-image\.png\?v=/),
            large(hero),
            large(first),
            large(second),
          ]);
          // Each listed photo is served to anyone, as a search engine fetches it.
          for (const address of open.image.slice(1)) {
            const served = await t.app.inject({ method: 'GET', url: new URL(address).pathname });
            expect(served.statusCode).toBe(200);
            expect(served.headers['content-type']).toBe('image/webp');
          }
        },
      );
      expect((await page('/')).jsonLd[0].address).toEqual({ '@type': 'PostalAddress', addressLocality: 'London' });
    } finally {
      await admin.call('PUT', '/api/admin/business', details);
    }
  });

  it('refuses a publish-the-street-address switch that is not true or false, changing nothing', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const before = (await admin.call('GET', '/api/admin/website')).json().settings as WebsiteSettings;
    const refused = await admin.call('PUT', '/api/admin/website', { ...before, publishStreetAddress: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('publishStreetAddress');
    expect((await admin.call('GET', '/api/admin/website')).json().settings.publishStreetAddress).toBe(false);
  });

  it('a new hero photo becomes the card every shared link shows, on the next request', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const cardOf = async () => {
      const card = await t.app.inject({ method: 'GET', url: '/og-image.png' });
      expect(card.statusCode).toBe(200);
      const { channels } = await sharp(card.rawPayload).stats();
      return { etag: card.headers.etag, red: channels[0]?.mean ?? 0, green: channels[1]?.mean ?? 0 };
    };
    const pattern = await cardOf();
    const patternAddress = (await page('/')).og('image');
    const red = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#d01010' } })
      .jpeg()
      .toBuffer();
    const form = multipartForm([{ name: 'file', filename: 'hero.jpg', bytes: red }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/website/images',
      payload: form.payload,
      headers: { 'content-type': form.contentType, origin: SITE, cookie: cookieOf(admin) },
    });
    expect(upload.statusCode).toBe(201);
    const heroImageId = (upload.json() as { id: string }).id;

    await withWebsite(
      (settings) => ({ ...settings, heroImageId, heroAlt: 'The treatment room' }),
      async () => {
        const card = await cardOf();
        expect(card.etag).not.toBe(pattern.etag);
        // The photo, cropped to the card: red all over.
        expect(card.red).toBeGreaterThan(180);
        expect(card.green).toBeLessThan(60);
        // A client's cached card is not reused.
        const cached = await t.app.inject({
          method: 'GET',
          url: '/og-image.png',
          headers: { 'if-none-match': pattern.etag as string },
        });
        expect(cached.statusCode).toBe(200);
        // The pages name the new card by a new address, so a messenger's kept preview is not reused either.
        const photoAddress = (await page('/')).og('image');
        expect(photoAddress).not.toBe(patternAddress);
        expect((await page('/sensual')).og('image')).toBe(photoAddress);
      },
    );
    expect((await cardOf()).etag).toBe(pattern.etag);
    expect((await page('/')).og('image')).toBe(patternAddress);
  });

  it('letting search engines list private treatments titles, indexes and lists them; off again, they are hidden', async () => {
    await withWebsite(
      (settings) => ({ ...settings, listPrivateTreatments: true }),
      async () => {
        const naturist = await page('/harmony');
        expect(naturist.response.headers['x-robots-tag']).toBeUndefined();
        expect(naturist.robots).toBeNull();
        expect(naturist.title).toBe('Naturist massage in London — Soothe London');
        expect(naturist.og('title')).toBe(naturist.title);
        // Every alias of one treatment names one address, the one that also shows it to the visitor.
        expect(naturist.canonical).toBe(`${SITE}/naturist`);
        expect((await page('/book?style=sensual&type=naturist')).canonical).toBe(`${SITE}/naturist`);
        // A link that names no treatment still says nothing.
        const bare = await page('/book?style=sensual');
        expect(bare.robots).toBe('noindex');
        expect(bare.head).not.toMatch(SENSUAL_WORDS);

        const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
        const xml = new JSDOM(sitemap.body, { contentType: 'application/xml' }).window.document;
        const locations = [...xml.getElementsByTagName('loc')].map((loc) => loc.textContent);
        expect(locations).toEqual(
          expect.arrayContaining([`${SITE}/sensual`, `${SITE}/naturist`, `${SITE}/bodytobody`]),
        );
        // The business's JSON-LD still offers only the therapeutic treatments.
        expect(JSON.stringify((await page('/')).jsonLd)).not.toMatch(SENSUAL_WORDS);
      },
    );
    const hidden = await page('/harmony');
    expect(hidden.robots).toBe('noindex');
    expect(hidden.head).not.toMatch(SENSUAL_WORDS);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toMatch(SENSUAL_WORDS);
  });

  it('refuses a switch that is not true or false, naming the field, and changes nothing', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const before = (await admin.call('GET', '/api/admin/website')).json().settings as WebsiteSettings;
    const refused = await admin.call('PUT', '/api/admin/website', { ...before, listPrivateTreatments: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBeTruthy();
    expect(refused.json().error.message).toMatch(/listPrivateTreatments|search engines/i);
    expect((await admin.call('GET', '/api/admin/website')).json().settings).toEqual(before);
  });
});
