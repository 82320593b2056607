import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { accounts, signInAs, signInAsAdmin, uniqueEmail } from '../support/auth.ts';
import { dialogsAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mail.ts';
import { logoPng, warmPhoto } from './pictures.ts';

const PLUM = '#7a3e6b';

async function expectNoViolations(page: Page) {
  await page.mouse.move(0, 0);
  await dialogsAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

async function choosePhotos(page: Page, button: string, files: { name: string; buffer: Buffer; mimeType: string }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(files);
}

/** Every <img> on the page has arrived and is drawn (lazy ones scrolled to first). */
async function expectImagesLoaded(page: Page, scope = page.locator('body')) {
  const images = scope.locator('img');
  for (let i = 0; i < (await images.count()); i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
}

function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function pixelsOfFirstPage(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  try {
    writeFileSync(join(dir, 'invoice.pdf'), pdf);
    const text = spawnSync('pdftotext', [join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' }).stdout;
    spawnSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', join(dir, 'invoice.pdf'), join(dir, 'page')]);
    return { text, png: readFileSync(join(dir, 'page-1.png')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the owner gives the site a logo, a colour and photos, and sees them on the site, in an email and on an invoice @phone', async ({
  page,
}, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'phone';
  const tag = phone ? 'phone' : 'desk';
  await signInAsAdmin(page);
  await page.goto('/website');
  await expect(page.getByRole('heading', { name: 'Website', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Business details' })).toHaveAttribute('href', '/business');
  await expectNoViolations(page);

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
  await page.getByRole('textbox', { name: 'Hero photo description' }).fill(`Warm light in the treatment room (${tag})`);
  await page.getByRole('textbox', { name: 'About' }).fill('A quiet room near the park, with time to unwind.');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mara');
  await page.getByRole('textbox', { name: 'Profile' }).fill('Fifteen years of Swedish and deep tissue massage.');
  await choosePhotos(page, 'Add gallery photos', [
    { name: 'stones.jpg', mimeType: 'image/jpeg', buffer: await warmPhoto(1200, 1200, 200) },
    { name: 'oils.jpg', mimeType: 'image/jpeg', buffer: await warmPhoto(1200, 900, 40) },
  ]);
  await expect(page.getByRole('article', { name: /^Gallery photo/ })).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Description of photo 1' }).fill(`Stones by the window (${tag})`);
  await page.getByRole('textbox', { name: 'Description of photo 2' }).fill(`Warm oils (${tag})`);
  // The second photo goes first.
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(page.getByRole('textbox', { name: 'Description of photo 1' })).toHaveValue(`Warm oils (${tag})`);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  await expect(page.getByText('Saved: your website shows the changes now.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`website-page-${tag}.png`), fullPage: true });

  // The home page: the logo in the header, the colour on the buttons, the photos in their places.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Massage that fits your day' })).toBeVisible();
  await expect(page.getByRole('banner').locator('img')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book now' })).toHaveCSS('background-color', rgb(PLUM));
  await expect(page.getByRole('img', { name: `Warm light in the treatment room (${tag})` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
  await expect(page.getByText('Fifteen years of Swedish and deep tissue massage.')).toBeVisible();
  const gallery = page.getByRole('region', { name: 'A look inside' });
  await expect(gallery.getByRole('img')).toHaveCount(2);
  await expect(gallery.getByRole('img').first()).toHaveAccessibleName(`Warm oils (${tag})`);
  // Responsive and lazy below the fold: AVIF and WebP sources, sizes, no shift (width and height set).
  const galleryImage = gallery.locator('img').first();
  await expect(galleryImage).toHaveAttribute('loading', 'lazy');
  await expect(galleryImage).toHaveAttribute('width', /\d+/);
  await expect(galleryImage).toHaveAttribute('height', /\d+/);
  await expect(gallery.locator('picture source[type="image/avif"]').first()).toHaveAttribute('srcset', /480w/);
  await expectImagesLoaded(page);
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`home-photos-light-${tag}.png`), fullPage: true });

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
  expect(mail.html).toContain(PLUM);
  const logo = await page.request.get(logoUrl);
  expect(logo.headers()['content-type']).toBe('image/jpeg');

  const pdf = await page.request.get(`/api/admin/invoices/${id}/pdf`);
  const { text, png } = pixelsOfFirstPage(await pdf.body());
  expect(text).toContain(`Brand Client ${tag}`);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return `#${[data[i], data[i + 1], data[i + 2]].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
  };
  // The band along the top is the brand colour; the logo (a plum disc) sits top left.
  expect(at(300, 3)).toBe(PLUM);
  expect(at(78, 78)).not.toBe('#ffffff');
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('every client page follows a dark device, and axe finds nothing @phone', async ({ page }, testInfo) => {
    test.slow();
    const tag = testInfo.project.name === 'phone' ? 'phone' : 'desk';
    const pages = [
      { path: '/', heading: 'Massage that fits your day' },
      { path: '/book', heading: 'Book a massage' },
      { path: '/facebook_login', heading: null },
      { path: '/?termsandconditions=true', heading: 'Terms and conditions' },
    ];
    const check = async (path: string, heading: string | null, name: string) => {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      await expect(page.getByLabel('Loading services')).toHaveCount(0);
      await expectImagesLoaded(page);
      await expectNoViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`dark-${name}-${tag}.png`), fullPage: true });
    };
    for (const { path, heading } of pages)
      await check(path, heading, path === '/' ? 'home' : path.replace(/\W+/g, '-'));
    await signInAs(page, accounts.client);
    await check('/bookings', 'My bookings', 'bookings');
    await check('/account', 'Your account', 'account');
  });
});
