import { defineConfig, devices } from '@playwright/test';
import { APP_PORT, tmpDir } from './e2e/support/paths.ts';

const port = APP_PORT;
const baseURL = `http://localhost:${port}`;

/**
 * Debian's Chromium, in its headless shell (package chromium-headless-shell, the same build as /usr/bin/chromium): the
 * suite never downloads a browser. The shell is the headless browser Playwright itself tests with; the full browser's
 * headless mode also runs its window's own web pages and GPU process, and on CI's two cores the browser is the run's
 * bottleneck: 8 tests on two workers took 127 s in the shell against 139 s in the full browser (decision 064).
 * `E2E_CHROMIUM=/usr/bin/chromium` runs the full browser, which `--headed` needs.
 */
const chromium = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/lib/chromium/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // A second run on its own port (E2E_PORT) keeps its results apart: Playwright empties this folder at start.
  outputDir: APP_PORT === 3100 ? 'test-results' : `${tmpDir}/test-results`,
  // Each test on its own, not each file: a long file no longer leaves the other worker idle at the end of the run.
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Never a retry, in CI either: a retry hides a flaky test, and a test that fails once is fixed instead.
  retries: 0,
  // Three workers on the CI's two cores: a test spends much of its time waiting (for the server, a job, an animation
  // or a poll), and a third keeps the cores busy meanwhile (25 back-office tests: 1.9 min on two, 1.5 on three, 1.4
  // on four). Every test takes its own diary times (diary.ts), accounts and data, so any number may run at once.
  workers: process.env.CI ? 3 : undefined,
  // Signs the shared accounts in once, through the API, after the server is up (sessions.ts).
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromium,
    // A failed test keeps its trace: every action, console and network, beside its screenshot and the page's aria
    // snapshot (error-context.md). Without the screencast, whose frames Chromium encodes all through every test (on
    // CI's two cores a quarter of the run: 46 back-office tests 5.5 min with it, 4.1 without), nor a DOM snapshot
    // at every action, recorded for every test to keep a few (25 back-office tests: 160 s → 153 s, 12% less CPU).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // No service worker but in the specs of the worker itself (e2e/shell): in every other test's fresh context it
    // installed, precached the public shell and stood between the page and every request, for nothing they check.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    // `npm test` runs each project on its own (scripts/test.ts): a worker serves one project, and a shuffled run of
    // both alternated them, stopping and starting a worker and its browser for most tests (131 times in 285 tests).
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.ts',
    // Up once the test accounts are made through the running server, not when it first answers.
    wait: { stdout: /\[e2e server\] ready/ },
    // The server's data is made fresh for each run (accounts are disabled and passwords changed by the tests).
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
