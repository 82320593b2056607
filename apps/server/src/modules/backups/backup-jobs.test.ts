// The nightly backup: scheduled at BACKUP_TIME in the business time zone, keeps BACKUP_KEEP archives, and the
// dashboard says when the last one was made, or warns when there is none for more than two days.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import type { Actor } from '../auth/actor.ts';
import { dashboard } from '../dashboard/dashboard.service.ts';
import { runNightlyBackup } from './backup-jobs.ts';

const scratch = mkdtempSync(join(tmpdir(), 'backup-jobs-test-'));
const backupDir = join(scratch, 'backups');
const TZ = 'Europe/London';
const DAY = 86_400_000;
// Three nights in a row at 02:30 London time (GMT in January).
const nights = [
  Date.parse('2026-01-05T02:30:00Z'),
  Date.parse('2026-01-06T02:30:00Z'),
  Date.parse('2026-01-07T02:30:00Z'),
];

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let actor: Actor;

beforeAll(async () => {
  // A folder anyone on the machine may read, as a careless mkdir leaves it: the server makes it private at start.
  mkdirSync(backupDir, { mode: 0o755 });
  chmodSync(backupDir, 0o755);
  t = await createTestApp(
    { BACKUP_DIR: backupDir, BACKUP_TIME: '02:30', BACKUP_KEEP: '2', BUSINESS_TIME_ZONE: TZ },
    { jobs: true },
  );
  admin = await signedIn(t, { role: 'admin' });
  actor = { id: admin.id, role: 'admin', email: admin.email, name: 'Owner', phone: null };
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const deps = () => ({
  database: t.context.database,
  files: t.context.files,
  env: t.context.env,
  logger: t.context.logger,
});

describe('nightly backup', { timeout: 120_000 }, () => {
  it('is scheduled once a night at BACKUP_TIME in the business time zone', async () => {
    const schedules = (await t.db.execute(
      sql`select name, cron, timezone from pgboss.schedule where name = 'nightly-backup'`,
    )) as unknown as { rows: unknown[] };
    expect(schedules.rows).toEqual([{ name: 'nightly-backup', cron: '30 2 * * *', timezone: TZ }]);
  });

  it('warns on the dashboard while there has never been a backup', async () => {
    const before = await admin.call('GET', '/api/admin/dashboard');
    expect(before.json().backup).toEqual({
      lastSuccessAt: null,
      overdue: true,
      lastError: null,
      warning: 'overdue since never',
      warningHidden: false,
    });
  });

  it('keeps its archives from every other user of the machine: folder 0700 from the start, archives 0600', async () => {
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    expect(modeOf(backupDir)).toBe(0o700);
    const archive = await runNightlyBackup(deps(), { now: new Date(Date.parse('2025-12-01T02:30:00Z')) });
    expect(modeOf(archive)).toBe(0o600);
    // Someone loosened the folder meanwhile: the next backup closes it again.
    chmodSync(backupDir, 0o755);
    expect(modeOf(await runNightlyBackup(deps(), { now: new Date(Date.parse('2025-12-02T02:30:00Z')) }))).toBe(0o600);
    expect(modeOf(backupDir)).toBe(0o700);
    rmSync(join(backupDir, 'backup-20251201T023000Z.tar.gz'));
    rmSync(join(backupDir, 'backup-20251202T023000Z.tar.gz'));
  });

  it('writes an archive each night, keeps the newest BACKUP_KEEP, and the dashboard shows the last one', async () => {
    for (const night of nights) await runNightlyBackup(deps(), { now: new Date(night) });
    expect(readdirSync(backupDir).sort()).toEqual(['backup-20260106T023000Z.tar.gz', 'backup-20260107T023000Z.tar.gz']);

    const last = new Date(nights[2] ?? 0).toISOString();
    // The same morning, and two days later to the minute: "Last backup: …".
    for (const now of [(nights[2] ?? 0) + 6 * 3_600_000, (nights[2] ?? 0) + 2 * DAY])
      expect((await dashboard(t.db, { timeZone: TZ, actor, now })).backup).toEqual({
        lastSuccessAt: last,
        overdue: false,
        lastError: null,
        warning: null,
        warningHidden: false,
      });
    // A minute more than two days without one: a warning.
    expect((await dashboard(t.db, { timeZone: TZ, actor, now: (nights[2] ?? 0) + 2 * DAY + 60_000 })).backup).toEqual({
      lastSuccessAt: last,
      overdue: true,
      lastError: null,
      warning: `overdue since ${last}`,
      warningHidden: false,
    });
  });

  it('records a failed night: the dashboard names the problem and keeps the last good backup', async () => {
    const blocked = join(scratch, 'not-a-folder');
    writeFileSync(blocked, 'a file where the backup folder should be');
    const failing = { ...deps(), env: { ...t.context.env, BACKUP_DIR: blocked } };
    const night = (nights[2] ?? 0) + DAY;
    await expect(runNightlyBackup(failing, { now: new Date(night) })).rejects.toThrow();
    const { backup } = await dashboard(t.db, { timeZone: TZ, actor, now: night + 3_600_000 });
    expect(backup.lastSuccessAt).toBe(new Date(nights[2] ?? 0).toISOString());
    expect(backup.overdue).toBe(false);
    expect(backup.lastError).toMatch(/EEXIST|ENOTDIR/);
    // The next good night clears the warning.
    await runNightlyBackup(deps(), { now: new Date(night + DAY) });
    expect((await dashboard(t.db, { timeZone: TZ, actor, now: night + DAY + 60_000 })).backup).toEqual({
      lastSuccessAt: new Date(night + DAY).toISOString(),
      overdue: false,
      lastError: null,
      warning: null,
      warningHidden: false,
    });
  });
});
