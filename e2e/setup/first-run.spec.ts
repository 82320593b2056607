import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { repoRoot, webDir } from '../support/paths.ts';
import { withFreshTotpCode } from '../support/second-factor.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

// A new owner's first start: a server of its own on an EMPTY install (the shared e2e server already has accounts),
// whose printed setup link is read from its output like the owner would.

let server: ChildProcess | undefined;
let dataDir = '';
let origin = '';
let output = '';
let setupLink = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-first-run-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    WEB_DIST: webDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  setupLink = await new Promise<string>((resolve, reject) => {
    const linkPattern = new RegExp(`${origin}/setup\\?token=[A-Za-z0-9_-]+`);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(linkPattern);
      if (found) resolve(found[0]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before printing a link:\n${output}`)));
  });
});

test.afterAll(async () => {
  // Stopped even when a test failed: SIGTERM, then SIGKILL if it does not exit in time.
  const child = server;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function axeViolations(page: Page) {
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('a new owner opens the printed setup link, creates the admin, enrols a second factor and reaches the dashboard; then the link is dead', async ({
  page,
}) => {
  // The link is printed once, in plain words.
  expect(output).toContain('No admin account yet');
  expect(output.match(/\/setup\?token=/g)).toHaveLength(1);

  // A wrong token creates nothing and says how to get a new link.
  await page.goto(`${origin}/setup?token=not-the-right-one`);
  const invalid = page.getByRole('alert').filter({ hasText: 'This setup link is not valid' });
  await expect(invalid).toBeVisible();
  await expect(invalid).toContainText('restart the server');
  await expect(invalid).toContainText('npm run cli -- user create');
  await expect(page.getByRole('form', { name: 'Create the admin account' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${origin}/setup`);
  await expect(page.getByRole('alert').filter({ hasText: 'This setup link is not valid' })).toBeVisible();

  await page.goto(setupLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Create the admin account' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Create the admin account' });
  await form.getByRole('textbox', { name: 'Your name' }).fill('Olga Owner');
  await form.getByRole('textbox', { name: 'Email' }).fill('olga@example.test');
  // The server's password policy, checked before anything is sent.
  await form.getByRole('textbox', { name: 'Password' }).fill('abc');
  await form.getByRole('button', { name: 'Create admin account' }).click();
  await expect(form.getByText('Password needs: at least 6 characters.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('textbox', { name: 'Password' }).fill('a good password');
  await form.getByRole('button', { name: 'Create admin account' }).click();

  // Signed in, and sent to set up the authenticator app first (required of an admin).
  await expect(page).toHaveURL(`${origin}/second-factor`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your second factor' })).toBeVisible();
  const confirm = page.getByRole('form', { name: 'Confirm your password' });
  await confirm.getByRole('textbox', { name: 'Your password', exact: true }).fill('a good password');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  const enrol = page.getByRole('form', { name: 'Add your authenticator app' });
  const secret = (await enrol.getByLabel('Setup key').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await withFreshTotpCode({ email: 'olga@example.test' }, secret, async (code) => {
    await enrol.getByRole('textbox', { name: 'The 6-digit code your app now shows' }).fill(code);
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Your authenticator app is set up')).toBeVisible();
  });
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect((await page.request.get(`${origin}/api/admin/dashboard`)).status()).toBe(200);

  // The link is dead for good: the page says setup is finished, and the API creates nobody.
  await page.goto(setupLink);
  await expect(page.getByText('Setup is finished')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create the admin account' })).toHaveCount(0);
  const token = new URL(setupLink).searchParams.get('token');
  const again = await page.request.post(`${origin}/api/setup`, {
    data: { token, name: 'Mallory', email: 'mallory@example.test', password: 'a good password' },
    headers: { origin },
  });
  expect(again.status()).toBe(404);
  expect((await again.json()).error.message).toContain('Setup is finished');
});
