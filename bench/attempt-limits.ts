// Issue 29: how many guesses at a secret each per-account limit lets the server evaluate, sent one at a time and
// sent together. Runs the app in-process on PGlite, or on PostgreSQL with BENCH_DATABASE=postgres (127.0.0.1:5432).
// Run: node bench/attempt-limits.ts. Design: sign-in 5 free, then one per wait; second factor 10; a code once.
import { setTimeout as sleep } from 'node:timers/promises';
import { type TOTP, URI } from 'otpauth';
import { signedIn } from '../apps/server/src/test/clients.ts';
import { authAgent, createTestApp } from '../apps/server/src/test/test-context.ts';

const onPostgres = process.env.BENCH_DATABASE === 'postgres';
if (onPostgres) {
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
}
const t = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
console.log(`database: ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);

let octet = 0;
const signIn = (email: string, password: string) =>
  t.app.inject({
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
  const victim = await signedIn(t);
  const statuses: number[] = [];
  for (let n = 0; n < 30; n++) statuses.push((await signIn(victim.email, `one-${n}`)).statusCode);
  report('sign-in: 30 wrong passwords one at a time', evaluated(statuses), 5);
}
{
  const victim = await signedIn(t);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => signIn(victim.email, `together-${n}`)));
  report('sign-in: 10 wrong passwords at once, fresh account', evaluated(answers.map((a) => a.statusCode)), 5);
}
{
  const victim = await signedIn(t);
  for (let n = 0; n < 5; n++) await signIn(victim.email, `first-${n}`);
  await sleep(2_100); // the wait after the fifth failure
  const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => signIn(victim.email, `after-${n}`)));
  report('sign-in: 20 wrong passwords at once after 5 and the wait', evaluated(answers.map((a) => a.statusCode)), 1);
}

// ---- Second factor, per account ----
const admin = await signedIn(t, { role: 'admin' });
const totp = URI.parse(admin.totpURI ?? '') as TOTP;
const near = new Set([-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: Date.now() + offset })));
const wrong = ['000000', '111111', '222222'].find((code) => !near.has(code)) ?? '333333';
async function challenge() {
  const agent = authAgent(t.app);
  await agent.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
  return agent;
}
{
  const agents = await Promise.all(Array.from({ length: 30 }, challenge));
  const answers = await Promise.all(
    agents.map((agent) => agent.post('/api/auth/two-factor/verify-totp', { code: wrong })),
  );
  report('second factor: 30 wrong codes at once on 30 challenges', evaluated(answers.map((a) => a.statusCode)), 10);
}
{
  const other = await signedIn(t, { role: 'admin' });
  const statuses: number[] = [];
  for (let n = 0; n < 30; n++) {
    const agent = authAgent(t.app);
    await agent.post('/api/auth/sign-in/email', { email: other.email, password: other.password });
    statuses.push((await agent.post('/api/auth/two-factor/verify-totp', { code: wrong })).statusCode);
  }
  report('second factor: 30 wrong codes one at a time', evaluated(statuses), 10);
}
{
  const fresh = await signedIn(t, { role: 'admin' });
  const code = (URI.parse(fresh.totpURI ?? '') as TOTP).generate({ timestamp: Date.now() + 30_000 });
  let accepted = 0;
  for (let n = 0; n < 2; n++) {
    const agent = authAgent(t.app);
    await agent.post('/api/auth/sign-in/email', { email: fresh.email, password: fresh.password });
    if ((await agent.post('/api/auth/two-factor/verify-totp', { code })).statusCode === 200) accepted++;
  }
  console.log(
    `${'authenticator: one code on two sign-ins'.padEnd(58)} ${String(accepted).padStart(3)} accepted (design 1)`,
  );
}
await t.close();
