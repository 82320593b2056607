import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contrastRatio, type PublicConfig, type WebsiteAdmin, type WebsiteImage } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, websiteImage } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { multipartForm, sampleFiles } from '../storage/test-uploads.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let client: Person;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_MAX: '10000',
    API_RATE_LIMIT_MAX: '10000',
    BUSINESS_NAME: 'Linden Massage',
    PUBLIC_URL: ORIGIN,
  });
  owner = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

const cookieOf = (person: Person | null) =>
  person
    ? Object.entries(person.agent.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ')
    : '';

function uploadImage(person: Person | null, bytes: Buffer, filename = 'photo.jpg') {
  const form = multipartForm([{ name: 'file', filename, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/website/images',
    payload: form.payload,
    headers: { 'content-type': form.contentType, origin: ORIGIN, cookie: cookieOf(person) },
  });
}

async function uploaded(bytes: Buffer): Promise<WebsiteImage> {
  const response = await uploadImage(owner, bytes);
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** A landscape photo taken with the phone turned (EXIF orientation 6: shown rotated a quarter turn). */
function phonePhoto(width: number, height: number, colour = '#c08040') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Secret Location Ltd', Make: 'PhoneCo' } })
    .toBuffer();
}

/** A flat, upright image (a logo). */
function plainImage(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** What an upload leaves behind: photo rows and the files of the store's website folder. */
async function storedPhotos() {
  const folder = join(t.context.files.location, 'website');
  const files = existsSync(folder) ? readdirSync(folder, { recursive: true }).length : 0;
  return { rows: (await t.db.select().from(websiteImage)).length, files };
}

const publicGet = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;

describe('uploading a photo for the website', () => {
  it('turns it upright, strips its metadata and keeps it in three widths as AVIF, WebP and JPEG', async () => {
    const image = await uploaded(await phonePhoto(2400, 1600));
    // Upright, the 2400×1600 landscape is a 1600×2400 portrait.
    expect(image.widths).toEqual([480, 960, 1600]);
    expect(image).toMatchObject({ width: 1600, height: 2400 });
    await owner.call('PUT', '/api/admin/website', { heroImageId: image.id, heroAlt: 'The treatment room' });
    for (const [ext, format, type] of [
      ['avif', 'heif', 'image/avif'],
      ['webp', 'webp', 'image/webp'],
      ['jpg', 'jpeg', 'image/jpeg'],
    ] as const)
      for (const width of [480, 960, 1600]) {
        const response = await publicGet(`/api/website/images/${image.id}/${width}.${ext}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(type);
        const meta = await sharp(response.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(width * 1.5);
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
      }
  });

  it('keeps a small photo at its own width, never enlarged', async () => {
    const image = await uploaded(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(image.widths).toEqual([300]);
    expect(image).toMatchObject({ width: 300, height: 200 });
  });

  it.each([
    ['a PDF', sampleFiles.pdf, 'invoice.pdf'],
    ['a web page', sampleFiles.html, 'photo.jpg'],
    ['a text file', sampleFiles.text, 'notes.png'],
    ['a zip archive', sampleFiles.zip, 'photos.zip'],
  ])('refuses %s with a clear message and stores nothing', async (_label, bytes, filename) => {
    const before = await storedPhotos();
    const response = await uploadImage(owner, bytes, filename);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      'Only photos can be used on the website: JPEG, PNG, WebP, HEIC, AVIF or GIF.',
    );
    expect(await storedPhotos()).toEqual(before);
  });

  it('refuses a file that claims to be a photo but cannot be read as one, and stores nothing', async () => {
    const before = await storedPhotos();
    const broken = Buffer.concat([(await phonePhoto(600, 400)).subarray(0, 400)]);
    const response = await uploadImage(owner, broken);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/could not be read/);
    expect(await storedPhotos()).toEqual(before);
  });

  it('refuses a photo larger than the upload limit, and stores nothing', async () => {
    const small = await createTestApp({ UPLOAD_MAX_BYTES: '20000', PUBLIC_URL: ORIGIN });
    try {
      const admin = await signedIn(small, { role: 'admin' });
      // Noise does not compress: a 200×200 JPEG of it is well over 20 KB.
      const noise = Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251));
      const photo = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
        .jpeg({ quality: 100 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(20000);
      const form = multipartForm([{ name: 'file', filename: 'big.jpg', bytes: photo }]);
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/admin/website/images',
        payload: form.payload,
        headers: {
          'content-type': form.contentType,
          origin: ORIGIN,
          cookie: Object.entries(admin.agent.cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        },
      });
      // A bad input like any other to the Website form: 400, naming the problem (the file store's 413 is its own).
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION',
        message: 'The photo is larger than 19.5 KB.',
      });
      expect(await small.db.select().from(websiteImage)).toHaveLength(0);
      expect(existsSync(join(small.context.files.location, 'website'))).toBe(false);
    } finally {
      await small.close();
    }
  });

  it('lets only the owner upload', async () => {
    const photo = await phonePhoto(600, 400);
    expect((await uploadImage(null, photo)).statusCode).toBe(401);
    expect((await uploadImage(client, photo)).statusCode).toBe(403);
  });
});

describe('the website settings', () => {
  it('refuses a colour that is not a hex colour, naming the field, and changes nothing', async () => {
    const before = (await owner.call('GET', '/api/admin/website')).json() as WebsiteAdmin;
    const response = await owner.call('PUT', '/api/admin/website', { brandColor: 'teal' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION' });
    expect(errorOf(response).message).toMatch(/^brandColor: Enter the colour as # and six hexadecimal digits/);
    expect((await owner.call('GET', '/api/admin/website')).json()).toEqual(before);
  });

  it('refuses more than 12 gallery photos, a photo twice, and a photo the server does not have', async () => {
    const image = await uploaded(await phonePhoto(600, 400));
    const thirteen = Array.from({ length: 13 }, () => ({ imageId: image.id, alt: '' }));
    const tooMany = await owner.call('PUT', '/api/admin/website', { gallery: thirteen });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toMatch(/at most 12 photos/);
    const twice = await owner.call('PUT', '/api/admin/website', { gallery: thirteen.slice(0, 2) });
    expect(errorOf(twice).message).toMatch(/in the gallery twice/);
    const unknown = await owner.call('PUT', '/api/admin/website', { logoId: '8a0c7a4e-1f7c-4a43-9c55-3d2e0e0b9f11' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe('A photo is no longer on the server: upload it again.');
  });

  it('is for the owner only', async () => {
    expect((await client.call('GET', '/api/admin/website')).statusCode).toBe(403);
    expect((await client.call('PUT', '/api/admin/website', { about: 'Hacked' })).statusCode).toBe(403);
    expect((await publicGet('/api/admin/website')).statusCode).toBe(401);
  });

  it('records each change in the audit log with what it was before', async () => {
    await owner.call('PUT', '/api/admin/website', { about: 'First words' });
    const saved = await owner.call('PUT', '/api/admin/website', { about: 'Calm, unhurried massage.' });
    expect(saved.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'website.updated'), eq(auditLog.entityId, 'website')))
      .orderBy(auditLog.at);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'website.updated'));
    const last = entries.at(-1);
    expect(entry).toBeDefined();
    expect(last).toMatchObject({ actorEmail: owner.email });
    expect(last?.before).toMatchObject({ about: 'First words' });
    expect(last?.after).toMatchObject({ about: 'Calm, unhurried massage.' });
  });

  it('shows visitors the brand colour (adjusted to read in both schemes), photos, words, hours and area', async () => {
    const logo = await uploaded(await phonePhoto(800, 300, '#204060'));
    const hero = await uploaded(await phonePhoto(2000, 1400));
    const photos = [await uploaded(await phonePhoto(900, 600)), await uploaded(await phonePhoto(900, 600))];
    const saved = await owner.call('PUT', '/api/admin/website', {
      // Too light for white text: the site uses a darker shade of it.
      brandColor: '#F2B8A0',
      logoId: logo.id,
      heroImageId: hero.id,
      heroAlt: 'Warm towels on the table',
      about: 'A quiet room near the park.',
      therapistName: 'Mara',
      therapistText: 'Fifteen years of practice.',
      gallery: [
        { imageId: photos[1]?.id, alt: 'Oils' },
        { imageId: photos[0]?.id, alt: 'Candles' },
      ],
      openingHoursText: 'Every day 9:00–21:00\nBank holidays closed',
      areaText: 'Islington, London',
    });
    expect(saved.statusCode).toBe(200);
    const config = (await publicGet('/api/config')).json() as PublicConfig;
    expect(config.website.logo?.id).toBe(logo.id);
    expect(config.website.hero).toMatchObject({ alt: 'Warm towels on the table', image: { id: hero.id } });
    expect(config.website.gallery.map((g) => g.alt)).toEqual(['Oils', 'Candles']);
    expect(config.website.therapist).toMatchObject({ name: 'Mara', text: 'Fifteen years of practice.', photo: null });
    expect(config.website.about).toBe('A quiet room near the park.');
    expect(config.openingHoursText).toEqual(['Every day 9:00–21:00', 'Bank holidays closed']);
    expect(config.area).toBe('Islington, London');
    expect(contrastRatio(config.website.brand.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(config.website.brand.dark, '#242424')).toBeGreaterThanOrEqual(4.5);
    expect(config.website.brand.shades).toHaveLength(10);
  });
});

describe('the public photo addresses', () => {
  it('serve only photos the website shows, with long immutable caching', async () => {
    const shown = await uploaded(await phonePhoto(700, 500));
    const notShown = await uploaded(await phonePhoto(700, 500));
    await owner.call('PUT', '/api/admin/website', { therapistName: 'Mara', therapistPhotoId: shown.id });
    const ok = await publicGet(`/api/website/images/${shown.id}/480.webp`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const again = await publicGet(`/api/website/images/${shown.id}/480.webp`, {
      'if-none-match': String(ok.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect((await publicGet(`/api/website/images/${notShown.id}/480.webp`)).statusCode).toBe(404);
    expect((await publicGet(`/api/website/images/${shown.id}/481.webp`)).statusCode).toBe(404);
    expect((await publicGet(`/api/website/images/${shown.id}/480.png`)).statusCode).toBe(404);
    // A malformed id is refused before the route (400), never read from the store.
    expect((await publicGet(`/api/website/images/..%2F..%2Fetc/480.jpg`)).statusCode).toBe(400);

    // A receipt in the file store is never reachable this way.
    const receipt = multipartForm([{ name: 'file', filename: 'receipt.png', bytes: sampleFiles.png }]);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: receipt.payload,
      headers: { 'content-type': receipt.contentType, origin: ORIGIN, cookie: cookieOf(owner) },
    });
    expect((await publicGet(`/api/website/images/${stored.json().id}/480.jpg`)).statusCode).toBe(404);

    // Taken off the site, the photo is no longer served.
    await owner.call('PUT', '/api/admin/website', { therapistName: 'Mara' });
    expect((await publicGet(`/api/website/images/${shown.id}/480.webp`)).statusCode).toBe(404);
  });
});

function run(command: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${command} exited ${code}`)),
    );
    child.stdin.end(input ?? Buffer.alloc(0));
  });
}

describe('the brand in emails and on invoices', () => {
  it('puts the logo (by its public address) and the colour in the HTML of an email', async () => {
    const logo = await uploaded(await plainImage(800, 300, '#204060'));
    await owner.call('PUT', '/api/admin/website', { brandColor: '#7a3e6b', logoId: logo.id });
    const email = `reset.${Date.now()}@example.test`;
    await signedIn(t); // keeps the counter apart from other tests' people
    const { createUser } = await import('../users/users.service.ts');
    await createUser({ db: t.db, env: t.context.env }, { email, password: 'secret1', role: 'user', name: 'Rae' });
    await client.agent.post('/api/auth/request-password-reset', { email, redirectTo: '/?resetpassword=true' });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(mail?.html).toContain(`src="${ORIGIN}/api/website/images/${logo.id}/480.jpg"`);
    expect(mail?.html).toContain('alt="Linden Massage"');
    expect(mail?.html).toContain('border-top:6px solid #7a3e6b');
    // The address in the email answers with the logo.
    const served = await publicGet(`/api/website/images/${logo.id}/480.jpg`);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('prints the logo and the brand colour on the invoice PDF', async () => {
    const logo = await uploaded(await plainImage(900, 300, '#1e5aa0'));
    await owner.call('PUT', '/api/admin/website', { brandColor: '#7a3e6b', logoId: logo.id });
    const draft = await owner.call('POST', '/api/admin/invoices', {
      billToName: 'Brand Test Client',
      billToEmail: 'brand@example.test',
      billToAddress: '',
      lines: [{ description: 'Swedish massage', quantity: 1, unitPricePence: 7000, vatRateBp: 0 }],
      notes: '',
    });
    expect(draft.statusCode).toBe(201);
    const issued = await owner.call('POST', `/api/admin/invoices/${draft.json().id}/issue`, {});
    const pdf = (await owner.call('GET', `/api/admin/invoices/${issued.json().id}/pdf`)).rawPayload;

    const text = (await run('pdftotext', ['-', '-'], pdf)).toString();
    expect(text).toContain('Linden Massage');
    expect(text).toContain('Brand Test Client');
    const images = (
      await run('pdfimages', ['-list', '-'], pdf).catch(async () => {
        // pdfimages reads files only on some versions.
        const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
        writeFileSync(join(dir, 'i.pdf'), pdf);
        try {
          return await run('pdfimages', ['-list', join(dir, 'i.pdf')]);
        } finally {
          rmSync(dir, { recursive: true });
        }
      })
    ).toString();
    expect(images.split('\n').filter((line) => /^\s*1\s+\d+\s+image/.test(line))).toHaveLength(1);

    // Rendered, the top band is the brand colour and the logo's blue sits top left.
    const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
    try {
      writeFileSync(join(dir, 'invoice.pdf'), pdf);
      await run('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', join(dir, 'invoice.pdf'), join(dir, 'page')]);
      const png = readFileSync(join(dir, 'page-1.png'));
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const i = (y * info.width + x) * 3;
        return `#${[data[i], data[i + 1], data[i + 2]].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
      };
      expect(pixel(300, 3)).toBe('#7a3e6b');
      const [r, g, b] = [0, 2, 4].map((o) => Number.parseInt(pixel(80, 60).slice(1 + o, 3 + o), 16)) as number[];
      expect(Math.abs((r ?? 0) - 0x1e)).toBeLessThan(12);
      expect(Math.abs((g ?? 0) - 0x5a)).toBeLessThan(12);
      expect(Math.abs((b ?? 0) - 0xa0)).toBeLessThan(12);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
