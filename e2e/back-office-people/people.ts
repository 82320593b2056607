import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { uniqueEmail } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, freshClientIp } from '../support/fixtures.ts';
import { tmpDir } from '../support/paths.ts';

export type Person = { name: string; email: string; context: BrowserContext; page: Page };

/** A browser like the test's own (phone or desktop) with its own cookies and client address. */
export async function newContextLike(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  const { baseURL, viewport, isMobile, hasTouch, userAgent } = testInfo.project.use;
  return browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
  });
}

/** A new client who signed up through the API, signed in in a browser of their own. */
export async function newClient(browser: Browser, testInfo: TestInfo, name: string): Promise<Person> {
  const context = await newContextLike(browser, testInfo);
  const page = await context.newPage();
  const email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'client');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'Password1!' },
    headers: { origin: testInfo.project.use.baseURL as string },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { name, email, context, page };
}

/** The id the admin list gives a customer, found by their unique email. */
export async function customerId(admin: APIRequestContext, email: string): Promise<string> {
  const response = await admin.get(`/api/admin/customers?q=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const { customers } = (await response.json()) as { customers: { id: string; email: string }[] };
  const found = customers.find((customer) => customer.email === email);
  if (!found) throw new Error(`no customer ${email}`);
  return found.id;
}

/**
 * Books a 1 h Swedish massage as this person through the API, at a diary time of the test's own (diaryTime()).
 */
export async function bookThroughApi(person: Person, phone = '+44 7700 900777') {
  const { services } = (await (await person.page.request.get('/api/services')).json()) as {
    services: { id: string; type: string }[];
  };
  const swedish = services.find((service) => service.type === 'swedish');
  if (!swedish) throw new Error('no Swedish service');
  const response = await person.page.request.post('/api/bookings', {
    data: {
      serviceId: swedish.id,
      durationMinutes: 60,
      startsAt: diaryTime().startsAt,
      name: person.name,
      phone,
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; startsAt: string };
}

/**
 * Holds a lock shared by every worker of this run while a test changes something global (an email template), so
 * the desktop and phone runs of the same test do not read each other's wording.
 */
export async function withRunLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = join(tmpDir, `lock-${name}`);
  mkdirSync(tmpDir, { recursive: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      // A lock left by a run that was killed.
      if (Date.now() - (statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000)
        rmSync(dir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`lock ${name} held too long`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * axe over the page as it rests. The email preview's frame is sandboxed without scripts (it shows email HTML, never
 * runs it), so axe cannot be injected into it and its run never finishes: the frame is left out, and the test that
 * opens it checks its title and sandbox itself.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).exclude('iframe[title="Preview of the email"]').analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}
