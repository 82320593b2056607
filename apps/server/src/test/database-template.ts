// Vitest globalSetup of the server projects that run on the test database: the migrations run once per run, and
// each test file starts on a copy (openTestDatabase). PGlite: a dump of a migrated in-memory database's data folder,
// loaded by each file (`loadDataDir`); PostgreSQL: a migrated database each file's own is created from
// (`CREATE DATABASE … TEMPLATE`). Built from the migrations there are when the run starts, never kept between runs.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client.ts';

export type TestDatabaseTemplate = { kind: 'pglite'; snapshot: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

type Prepared = { template: TestDatabaseTemplate; users: number; remove: () => Promise<void> };

// The PGlite projects (shared worker and isolated) share one snapshot, the PostgreSQL ones one template database:
// every globalSetup runs in Vitest's main process, once per project.
const shared = globalThis as { testDatabaseTemplates?: Map<string, Promise<Prepared>> };
shared.testDatabaseTemplates ??= new Map();
const prepared = shared.testDatabaseTemplates;

export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB;
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, not ${kind}`);
  let preparing = prepared.get(kind);
  if (!preparing) {
    preparing = kind === 'pglite' ? pgliteSnapshot() : postgresTemplate();
    prepared.set(kind, preparing);
  }
  const ready = await preparing;
  ready.users += 1;
  project.provide('testDatabase', ready.template);
  return async () => {
    ready.users -= 1;
    if (ready.users > 0) return;
    prepared.delete(kind);
    await ready.remove();
  };
}

/** A short fingerprint of the migrations the copies start from (in the names, to tell which schema one holds). */
function migrationsKey() {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort())
    if (file.endsWith('.sql') || file.endsWith('_journal.json'))
      hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 10);
}

async function pgliteSnapshot(): Promise<Prepared> {
  const folder = mkdtempSync(join(tmpdir(), 'test-database-'));
  try {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      if (database.source.kind !== 'pglite') throw new Error('expected PGlite');
      const snapshot = join(folder, `pglite-${migrationsKey()}.tar`);
      writeFileSync(snapshot, Buffer.from(await (await database.source.client.dumpDataDir('none')).arrayBuffer()));
      return {
        template: { kind: 'pglite', snapshot },
        users: 0,
        remove: async () => rmSync(folder, { recursive: true, force: true }),
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function postgresTemplate(): Promise<Prepared> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_template_${migrationsKey()}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const remove = () => admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Closed before any copy is made: a template must have no other connection while it is copied.
    await (await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' })).close();
  } catch (error) {
    await remove();
    throw error;
  }
  return { template: { kind: 'postgres', template: name }, users: 0, remove };
}
