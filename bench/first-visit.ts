/**
 * What a first-time visitor downloads: opens `/` in Debian's Chromium with an empty profile and adds up the bytes
 * fetched over the network within 30 s, by the page and by the service worker (which precaches in the background),
 * from the Chrome DevTools Protocol's Network events of every target (the page and the worker), and checked against
 * what crossed the wire: Chromium talks to the server through a counting relay, which sees every byte whoever asked
 * for it (a worker's requests made before DevTools attached to it included). The larger of the two is the figure.
 * Bar: 150 KB (compressed transfer, as the server sends it); the script exits non-zero when over.
 *
 * Run: node bench/first-visit.ts [--no-build] [--seconds N]
 *      (Chromium at /usr/bin/chromium; nothing is downloaded. --no-build serves apps/web/dist as it is.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { load } from './support.ts';
import { buildWebApp, repoRoot } from './web-build.ts';

const LIMIT_KB = 150;
const secondsArg = process.argv.indexOf('--seconds');
const WINDOW_MS = (secondsArg >= 0 ? Number(process.argv[secondsArg + 1]) || 30 : 30) * 1000;
const useExistingBuild = process.argv.includes('--no-build');

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function startServer(webDist: string, port: number): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'first-visit-data-'));
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      AUTH_SECRET: `first-visit-${Date.now()}-0123456789abcdefghijklmnop`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return server;
}

/** A minimal client of the DevTools protocol over the browser's WebSocket, with flattened target sessions. */
function devtools(url: string) {
  const socket = new WebSocket(url);
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners: ((message: { method: string; params: Record<string, unknown>; sessionId?: string }) => void)[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`${message.error.message}`));
      else waiting?.resolve(message.result);
    } else for (const listener of listeners) listener(message);
  });
  return {
    opened: new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve());
      socket.addEventListener('error', () => reject(new Error('DevTools connection failed')));
    }),
    send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
      const id = ++nextId;
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      return new Promise((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    },
    on(listener: (typeof listeners)[number]) {
      listeners.push(listener);
    },
    close: () => socket.close(),
  };
}

type Fetch = { target: string; url: string; bytes: number };

/** Relays every request to the server and counts the bytes of each response as sent (headers and body). */
function countingRelay(targetPort: number) {
  const wire: { url: string; bytes: number; at: number }[] = [];
  const relay = createHttpServer((incoming, outgoing) => {
    const forward = httpRequest(
      { host: '127.0.0.1', port: targetPort, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        const record = { url: incoming.url ?? '', bytes: 0, at: Date.now() };
        wire.push(record);
        for (let i = 0; i < answer.rawHeaders.length; i += 2)
          record.bytes += `${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}\r\n`.length;
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.on('data', (chunk: Buffer) => {
          record.bytes += chunk.length;
          outgoing.write(chunk);
        });
        answer.on('end', () => outgoing.end());
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  return { relay, wire };
}

const distArg = process.argv.indexOf('--dist');
const webDist =
  distArg >= 0 ? `${process.argv[distArg + 1]}/` : useExistingBuild ? `${repoRoot}apps/web/dist/` : buildWebApp();
const port = await freePort();
const server = startServer(webDist, port);
const relayPort = await freePort();
const { relay, wire } = countingRelay(port);
await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
const baseUrl = `http://localhost:${relayPort}`;
const profile = mkdtempSync(join(tmpdir(), 'first-visit-profile-'));
let chromium: ChildProcess | undefined;
try {
  await waitFor(
    async () => ((await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok ? true : undefined),
    'the server',
  );
  chromium = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = join(profile, 'DevToolsActivePort');
  const [devtoolsPort, browserPath] = await waitFor(() => {
    try {
      const lines = readFileSync(portFile, 'utf8').trim().split('\n');
      return lines.length >= 2 ? lines : undefined;
    } catch {
      return undefined;
    }
  }, 'Chromium');
  const cdp = devtools(`ws://127.0.0.1:${devtoolsPort}${browserPath}`);
  await cdp.opened;

  const targetTypeOf = new Map<string, string>();
  const targetIdOf = new Map<string, string>();
  const requests = new Map<string, { target: string; url: string; counted: boolean; done?: boolean }>();
  const fetches: Fetch[] = [];
  cdp.on(async ({ method, params, sessionId }) => {
    if (method === 'Target.attachedToTarget') {
      const session = params.sessionId as string;
      const info = params.targetInfo as { type: string; url: string; targetId: string };
      targetTypeOf.set(session, info.type);
      targetIdOf.set(session, info.targetId);
      // Every target (the page, the service worker) reports its own network traffic: watch it before it runs. The
      // commands are sent together, not one after the other: a worker paused for the debugger may answer
      // Network.enable only once it runs.
      void cdp.send('Network.enable', {}, session).catch(() => {});
      if (info.type === 'page')
        void cdp
          .send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, session)
          .catch(() => {});
      void cdp.send('Runtime.runIfWaitingForDebugger', {}, session).catch(() => {});
      return;
    }
    if (!sessionId) return;
    // A target attached twice (auto-attach and by hand) reports each request twice: count it once.
    const key = `${targetIdOf.get(sessionId) ?? sessionId}:${params.requestId as string}`;
    if (method === 'Network.responseReceived') {
      const response = params.response as {
        url: string;
        fromDiskCache?: boolean;
        fromServiceWorker?: boolean;
        fromPrefetchCache?: boolean;
      };
      // Answered by the worker or the HTTP cache: no bytes crossed the network for this one.
      const counted = !response.fromDiskCache && !response.fromServiceWorker && !response.fromPrefetchCache;
      if (!requests.has(key))
        requests.set(key, { target: targetTypeOf.get(sessionId) ?? 'other', url: response.url, counted });
    } else if (method === 'Network.loadingFinished') {
      const request = requests.get(key);
      if (request?.counted && /^https?:/.test(request.url) && !request.done) {
        request.done = true;
        fetches.push({ target: request.target, url: request.url, bytes: Number(params.encodedDataLength ?? 0) });
      }
    }
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
  const { sessionId: pageSession } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  targetTypeOf.set(pageSession, 'page');
  await cdp.send('Network.enable', {}, pageSession);
  await cdp.send('Page.enable', {}, pageSession);
  const opened = Date.now();
  await cdp.send('Page.navigate', { url: `${baseUrl}/` }, pageSession);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, opened + WINDOW_MS - Date.now())));
  const workers = await cdp.send<{ targetInfos: { type: string; url: string }[] }>('Target.getTargets');
  cdp.close();

  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  const byTarget = new Map<string, Fetch[]>();
  for (const fetched of fetches) byTarget.set(fetched.target, [...(byTarget.get(fetched.target) ?? []), fetched]);
  const total = fetches.reduce((sum, { bytes }) => sum + bytes, 0);
  console.log(`first visit to ${baseUrl}/ in Chromium, ${WINDOW_MS / 1000} s, network bytes as transferred`);
  for (const [target, list] of byTarget) {
    const sum = list.reduce((s, { bytes }) => s + bytes, 0);
    console.log(`\n${target}: ${kb(sum)} KB in ${list.length} responses`);
    for (const { url, bytes } of [...list].sort((a, b) => b.bytes - a.bytes))
      console.log(`  ${kb(bytes)} KB  ${url.replace(baseUrl, '')}`);
  }
  const onWire = wire.filter(({ at }) => at <= opened + WINDOW_MS);
  const wireTotal = onWire.reduce((sum, { bytes }) => sum + bytes, 0);
  const seenByDevtools = new Map<string, number>();
  for (const { url } of fetches) {
    const path = url.replace(baseUrl, '');
    seenByDevtools.set(path, (seenByDevtools.get(path) ?? 0) + 1);
  }
  const unseen = onWire.filter(({ url }) => {
    const left = seenByDevtools.get(url) ?? 0;
    if (left > 0) seenByDevtools.set(url, left - 1);
    return left === 0;
  });
  console.log(`\non the wire (the relay): ${kb(wireTotal)} KB in ${onWire.length} responses; not seen by DevTools:`);
  for (const { url, bytes } of [...unseen].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(bytes)} KB  ${url}`);
  const sw = workers.targetInfos.filter((info) => info.type === 'service_worker').map((info) => info.url);
  console.log(`\nservice worker running: ${sw.length ? sw.join(', ') : 'none'}`);
  const figure = Math.max(total, wireTotal);
  const ok = figure <= LIMIT_KB * 1024 && sw.length > 0;
  console.log(
    `total ${kb(figure)} KB (DevTools ${kb(total).trim()} KB, wire ${kb(wireTotal).trim()} KB; bar ${LIMIT_KB} KB) ${ok ? 'OK' : sw.length ? 'OVER' : 'NO SERVICE WORKER'}`,
  );
  console.log(load());
  process.exitCode = ok ? 0 : 1;
} finally {
  chromium?.kill('SIGTERM');
  relay.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(profile, { recursive: true, force: true });
}
