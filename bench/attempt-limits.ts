// Issue 29: how many guesses at a secret each per-account limit lets the server evaluate, sent one at a time and
// sent together. Runs the app in-process on PGlite, or on PostgreSQL with BENCH_DATABASE=postgres (127.0.0.1:5432).
// Run: node bench/attempt-limits.ts. Design: sign-in 5 free, then one per wait; second factor 10; a code once.
import { setTimeout as sleep } from 'node:timers/promises';
import { type TOTP, URI } from 'otpauth';
import { buildApp, createContext } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { createUser } from '../apps/server/src/modules/users/users.service.ts';
import { benchDatabase } from './support.ts';

process.env.BENCH_DATABASE ??= 'pglite';
const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  WEB_DIST: '/nonexistent',
  TRUST_PROXY: 'true',
  AUTH_RATE_LIMIT_MAX: '100000',
  API_RATE_LIMIT_MAX: '100000',
});
const database = await benchDatabase();
const context = await createContext(env, { database });
const app = await buildApp(context);
// better-auth writes a warning per wrong password to the console: not figures.
console.warn = () => {};

/** A browser of its own: keeps its cookies between calls. */
function agent() {
  const cookies: Record<string, string> = {};
  return async (url: string, payload: unknown = {}) => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: {
        origin: 'http://localhost:3000',
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      },
    });
    for (const cookie of response.cookies) cookies[cookie.name] = cookie.value;
    return response;
  };
}

let people = 0;
/** A new account; an admin enrols an authenticator app (with the code of the step before now, which both take). */
async function person(role: 'user' | 'admin' = 'user') {
  const email = `limits${++people}.${Date.now()}@example.test`;
  const password = 'secret1';
  await createUser({ db: context.db, env }, { email, password, role, name: `Person ${people}` });
  if (role !== 'admin') return { email, password, totp: undefined };
  const post = agent();
  await post('/api/auth/sign-in/email', { email, password });
  const { totpURI } = (await post('/api/auth/two-factor/enable', { password })).json() as { totpURI: string };
  const totp = URI.parse(totpURI) as TOTP;
  await post('/api/auth/two-factor/verify-totp', { code: totp.generate({ timestamp: Date.now() - 30_000 }) });
  return { email, password, totp };
}

let octet = 0;
const signIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: {
      origin: 'http://localhost:3000',
      'x-forwarded-for': `198.51.${Math.floor(++octet / 250)}.${octet % 250}`,
    },
  });
const evaluated = (statuses: number[]) => statuses.filter((status) => status === 401).length;
const report = (what: string, count: number, design: number) =>
  console.log(`${what.padEnd(58)} ${String(count).padStart(3)} evaluated (design ${design})`);

// ---- Password sign-in, per account ----
{
  const victim = await person();
  const statuses: number[] = [];
  for (let n = 0; n < 30; n++) statuses.push((await signIn(victim.email, `one-${n}`)).statusCode);
  report('sign-in: 30 wrong passwords one at a time', evaluated(statuses), 5);
}
{
  const victim = await person();
  const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => signIn(victim.email, `together-${n}`)));
  report('sign-in: 10 wrong passwords at once, fresh account', evaluated(answers.map((a) => a.statusCode)), 5);
}
{
  const victim = await person();
  for (let n = 0; n < 5; n++) await signIn(victim.email, `first-${n}`);
  await sleep(2_100); // the wait after the fifth failure
  const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => signIn(victim.email, `after-${n}`)));
  report('sign-in: 20 wrong passwords at once after 5 and the wait', evaluated(answers.map((a) => a.statusCode)), 1);
}

// ---- Second factor, per account ----
const admin = await person('admin');
const totp = admin.totp as TOTP;
const near = new Set([-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: Date.now() + offset })));
const wrong = ['000000', '111111', '222222'].find((code) => !near.has(code)) ?? '333333';
async function challenge(of = admin) {
  const post = agent();
  await post('/api/auth/sign-in/email', { email: of.email, password: of.password });
  return post;
}
{
  const agents = await Promise.all(Array.from({ length: 30 }, challenge));
  const answers = await Promise.all(agents.map((post) => post('/api/auth/two-factor/verify-totp', { code: wrong })));
  report('second factor: 30 wrong codes at once on 30 challenges', evaluated(answers.map((a) => a.statusCode)), 10);
}
{
  const other = await person('admin');
  const statuses: number[] = [];
  for (let n = 0; n < 30; n++)
    statuses.push((await (await challenge(other))('/api/auth/two-factor/verify-totp', { code: wrong })).statusCode);
  report('second factor: 30 wrong codes one at a time', evaluated(statuses), 10);
}
{
  const fresh = await person('admin');
  const code = fresh.totp?.generate({ timestamp: Date.now() + 30_000 });
  let accepted = 0;
  for (let n = 0; n < 2; n++)
    if ((await (await challenge(fresh))('/api/auth/two-factor/verify-totp', { code })).statusCode === 200) accepted++;
  console.log(
    `${'authenticator: one code on two sign-ins'.padEnd(58)} ${String(accepted).padStart(3)} accepted (design 1)`,
  );
}
await app.close();
await context.close();
