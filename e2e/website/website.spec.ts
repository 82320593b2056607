import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAsAdmin, uniqueEmail } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mail.ts';
import { logoPng, warmPhoto } from './pictures.ts';
import { expectImagesLoaded, expectNoViolations, visitorPage, withWebsiteSettings } from './website.ts';

const PLUM = '#7a3e6b';

async function choosePhotos(page: Page, button: string, files: { name: string; buffer: Buffer; mimeType: string }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(files);
}

function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The invoice's words (pdftotext) and its first page drawn at 72 dpi (pdftoppm). */
function readPdf(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  try {
    writeFileSync(join(dir, 'invoice.pdf'), pdf);
    const text = spawnSync('pdftotext', [join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' }).stdout;
    const images = spawnSync('pdfimages', ['-list', join(dir, 'invoice.pdf')], { encoding: 'utf8' }).stdout;
    spawnSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', join(dir, 'invoice.pdf'), join(dir, 'page')]);
    return { text, images, png: readFileSync(join(dir, 'page-1.png')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the owner gives the site a logo, a colour and photos, and sees them on the site, in an email and on an invoice @phone', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const tag = testInfo.project.name === 'phone' ? 'phone' : 'desk';
  await signInAsAdmin(page);
  await withWebsiteSettings(async () => {
    // From the settings as they come (another test may have left photos).
    expect((await page.request.put('/api/admin/website', { data: {} })).status()).toBe(200);
    await page.goto('/website');
    await expect(page.getByRole('heading', { name: 'Website', level: 1 })).toBeVisible();
    await expect(page.locator('#main').getByRole('link', { name: 'Business details' })).toHaveAttribute(
      'href',
      '/business',
    );

    // A file that is not a photo is refused in plain words.
    await choosePhotos(page, 'Upload logo', [
      { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    await expect(page.getByRole('alert')).toContainText(
      'notes.pdf: Only photos can be used on the website: JPEG, PNG, WebP, HEIC, AVIF or GIF.',
    );

    await choosePhotos(page, 'Upload logo', [{ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng(PLUM) }]);
    await expect(page.getByRole('img', { name: 'Logo (preview)' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Brand colour' }).fill(PLUM);
    await choosePhotos(page, 'Upload hero photo', [
      { name: 'room.jpg', mimeType: 'image/jpeg', buffer: await warmPhoto(1800, 1200, 28) },
    ]);
    await expect(page.getByRole('img', { name: 'Hero photo (preview)' })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Hero photo description' })
      .fill(`Warm light in the treatment room (${tag})`);
    await page.getByRole('textbox', { name: 'About' }).fill('A quiet room near the park, with time to unwind.');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mara');
    await page.getByRole('textbox', { name: 'Profile' }).fill('Fifteen years of Swedish and deep tissue massage.');
    await choosePhotos(page, 'Add gallery photos', [
      { name: 'stones.jpg', mimeType: 'image/jpeg', buffer: await warmPhoto(1200, 1200, 200) },
      { name: 'oils.jpg', mimeType: 'image/jpeg', buffer: await warmPhoto(1200, 900, 40) },
    ]);
    // Each photo is resized into nine files on upload: a few seconds each on a busy machine.
    await expect(page.getByRole('article', { name: /^Gallery photo/ })).toHaveCount(2, { timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Description of photo 1' }).fill(`Stones by the window (${tag})`);
    await page.getByRole('textbox', { name: 'Description of photo 2' }).fill(`Warm oils (${tag})`);
    // The second photo goes first.
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect(page.getByRole('textbox', { name: 'Description of photo 1' })).toHaveValue(`Warm oils (${tag})`);
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await expect(page.getByText('Saved: your website shows the changes now.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`website-page-${tag}.png`), fullPage: true });

    // A signed-out visitor's home page: the logo in the header, the colour on the button, the photos in their places.
    const visitor = await visitorPage(browser, testInfo);
    const site = visitor.page;
    await site.goto('/');
    await expect(site.getByRole('heading', { name: 'Massage that fits your day' })).toBeVisible();
    await expect(site.getByRole('banner').getByRole('link', { name: /./ }).first().locator('img')).toBeVisible();
    await expect(site.getByRole('link', { name: 'Book now' })).toHaveCSS('background-color', rgb(PLUM));
    const hero = site.getByRole('img', { name: `Warm light in the treatment room (${tag})` });
    await expect(hero).toBeVisible();
    await expect(hero).toHaveAttribute('sizes', /.+/);
    await expect(hero).toHaveAttribute('srcset', /480w.*960w.*1600w/);
    await expect(site.getByRole('heading', { name: 'About us' })).toBeVisible();
    await expect(site.getByText('Fifteen years of Swedish and deep tissue massage.')).toBeVisible();
    const gallery = site.getByRole('region', { name: 'A look inside' });
    await expect(gallery.getByRole('img')).toHaveCount(2);
    await expect(gallery.getByRole('img').first()).toHaveAccessibleName(`Warm oils (${tag})`);
    // Below the fold: lazy, AVIF and WebP first, its box reserved (width and height) so nothing shifts.
    const galleryImage = gallery.locator('img').first();
    await expect(galleryImage).toHaveAttribute('loading', 'lazy');
    await expect(galleryImage).toHaveAttribute('width', /^\d+$/);
    await expect(galleryImage).toHaveAttribute('height', /^\d+$/);
    await expect(gallery.locator('picture source[type="image/avif"]').first()).toHaveAttribute('srcset', /480w/);
    await expect(gallery.locator('picture source[type="image/webp"]').first()).toHaveAttribute('srcset', /480w/);
    await expectImagesLoaded(site);
    await expectNoViolations(site);
    await site.screenshot({ path: testInfo.outputPath(`home-photos-light-${tag}.png`), fullPage: true });

    // The same page in the dark: the brand adjusted so its words still read.
    await site.emulateMedia({ colorScheme: 'dark' });
    await expect(site.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoViolations(site);
    await site.screenshot({ path: testInfo.outputPath(`home-photos-dark-${tag}.png`), fullPage: true });
    await visitor.context.close();

    // An email and an invoice carry the logo and the colour.
    const settings = await (await page.request.get('/api/admin/website')).json();
    const logoId: string = settings.settings.logoId;
    const email = uniqueEmail(`brand-${tag}`);
    const created = await page.request.post('/api/admin/invoices', {
      data: {
        billToName: `Brand Client ${tag}`,
        billToEmail: email,
        billToAddress: '',
        lines: [{ description: 'Swedish massage', quantity: 1, unitPricePence: 7000, vatRateBp: 0 }],
        notes: '',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const issued = await (await page.request.post(`/api/admin/invoices/${id}/issue`, { data: {} })).json();
    expect((await page.request.post(`/api/admin/invoices/${id}/send`, { data: {} })).status()).toBe(200);
    const mail = await waitForMail(email, issued.label);
    const logoUrl = mail.html.match(/<img src="([^"]+)"/)?.[1] ?? '';
    expect(logoUrl).toContain(`/api/website/images/${logoId}/`);
    expect(mail.html).toContain(`border-top:6px solid ${PLUM}`);
    const logo = await page.request.get(logoUrl);
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toBe('image/jpeg');

    const pdf = await page.request.get(`/api/admin/invoices/${id}/pdf`);
    const { text, images, png } = readPdf(await pdf.body());
    expect(text).toContain(`Brand Client ${tag}`);
    expect(text).toContain(issued.label);
    // One picture on the first page: the logo.
    expect(images.split('\n').filter((line) => /^\s*1\s+\d+\s+image/.test(line))).toHaveLength(1);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * 3;
      return `#${[data[i], data[i + 1], data[i + 2]].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
    };
    // The band along the top is the brand colour.
    expect(at(300, 3)).toBe(PLUM);
    // Leaves the site as it found it for the tests that run beside this one.
    expect((await page.request.put('/api/admin/website', { data: {} })).status()).toBe(200);
  });
});

test('the gallery holds twelve photos: a thirteenth is refused in plain words @phone', async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  const small = await Promise.all(
    Array.from({ length: 13 }, async (_, i) => ({
      name: `photo-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await warmPhoto(320, 240, i * 25),
    })),
  );
  await withWebsiteSettings(async () => {
    expect((await page.request.put('/api/admin/website', { data: {} })).status()).toBe(200);
    await page.goto('/website');
    await choosePhotos(page, 'Add gallery photos', small);
    await expect(page.getByRole('alert')).toContainText(
      'The gallery holds at most 12 photos: photo-13.jpg not added. Remove a photo to make room.',
    );
    await expect(page.getByRole('article', { name: /^Gallery photo/ })).toHaveCount(12);
    await expect(page.getByText('The gallery is full: 12 photos at most. Remove one to add another.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add gallery photos' })).toBeDisabled();
    // Leaves the site as it found it for the next test.
    expect((await page.request.put('/api/admin/website', { data: {} })).status()).toBe(200);
  });
});

test('the owner lets search engines list the private treatments, and hides them again', async ({ page }) => {
  await signInAsAdmin(page);
  const sitemap = async () => (await page.request.get('/sitemap.xml')).text();
  await withWebsiteSettings(async () => {
    try {
      await page.goto('/website');
      const listed = page.getByRole('switch', { name: 'Let search engines list private treatments' });
      await expect(listed).not.toBeChecked();
      expect(await sitemap()).not.toContain('/naturist');
      await listed.click();
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await expect(page.getByText('Saved: your website shows the changes now.')).toBeVisible();
      expect(await sitemap()).toContain('/naturist</loc>');
      const naturist = await page.request.get('/harmony');
      expect(naturist.headers()['x-robots-tag']).toBeUndefined();
      expect(await naturist.text()).toContain('<title>Naturist massage in');

      await page.reload();
      await expect(listed).toBeChecked();
      await listed.click();
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await expect(page.getByText('Saved: your website shows the changes now.')).toBeVisible();
      expect(await sitemap()).not.toContain('/naturist');
      expect((await page.request.get('/harmony')).headers()['x-robots-tag']).toBe('noindex');
    } finally {
      // Leaves the site as it found it for the tests that run beside this one.
      expect((await page.request.put('/api/admin/website', { data: {} })).status()).toBe(200);
    }
  });
});
