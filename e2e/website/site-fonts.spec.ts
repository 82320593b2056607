// Issue 26: the owner chooses the site's two typefaces; a visitor's home page draws them from the site itself (no
// request leaves the origin), headings in the one and text in the other.
import { signInAsAdmin } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNoViolations, visitorPage, withWebsiteSettings } from './website.ts';

test('the owner chooses the typefaces, and the home page draws them from the site itself @phone', async ({
  page,
  browser,
}, testInfo) => {
  await signInAsAdmin(page);
  await withWebsiteSettings(async () => {
    try {
      await page.goto('/website');
      const type = page.getByRole('region', { name: 'Type' });
      await type.getByLabel('Headings').click();
      await page.getByRole('option', { name: 'Playfair Display' }).click();
      await type.getByLabel('Text').click();
      await page.getByRole('option', { name: 'Nunito Sans' }).click();
      // The sample shows the choice before it is saved.
      const sample = page.getByLabel('Sample of the typefaces');
      await expect(sample.getByText('Massage that fits your day')).toHaveCSS('font-family', /^"Playfair Display"/);
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await expect(page.getByText('Saved: your website shows the changes now.')).toBeVisible();

      const visitor = await visitorPage(browser, testInfo);
      try {
        const origin = new URL(testInfo.project.use.baseURL ?? '').origin;
        const elsewhere: string[] = [];
        const fontFiles: string[] = [];
        visitor.page.on('request', (request) => {
          if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) elsewhere.push(request.url());
        });
        visitor.page.on('response', (response) => {
          if (response.url().includes('/fonts/') && response.ok()) fontFiles.push(new URL(response.url()).pathname);
        });
        await visitor.page.goto('/');
        const heading = visitor.page.getByRole('heading', { level: 1 });
        await expect(heading).toHaveCSS('font-family', /^"Playfair Display"/);
        await expect(visitor.page.locator('body')).toHaveCSS('font-family', /^"Nunito Sans"/);
        // Drawn in the chosen faces, not their fall-backs: the browser has the files.
        await expect
          .poll(() =>
            visitor.page.evaluate(async () => {
              await document.fonts.ready;
              return [
                document.fonts.check('600 32px "Playfair Display"'),
                document.fonts.check('400 16px "Nunito Sans"'),
              ];
            }),
          )
          .toEqual([true, true]);
        expect(fontFiles).toEqual(
          expect.arrayContaining([
            '/fonts/playfair-display-latin-600-normal.woff2',
            '/fonts/nunito-sans-latin-400-normal.woff2',
          ]),
        );
        expect(elsewhere).toEqual([]);
        await expectNoViolations(visitor.page);
      } finally {
        await visitor.context.close();
      }
    } finally {
      // Leaves the site as it found it for the tests that run beside this one.
      expect((await page.request.put('/api/admin/website', { data: {} })).status()).toBe(200);
    }
  });
});
