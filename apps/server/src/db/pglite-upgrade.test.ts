import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite as PGlite03 } from 'pglite-0.3';
import { pg_trgm as pgTrgm03 } from 'pglite-0.3/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from './client.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pglite-upgrade-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Decision 095: every install so far wrote its data folder with PGlite 0.3; the product now opens it with 0.4.
describe('a data folder written by PGlite 0.3', { timeout: 180_000 }, () => {
  it('opens on the current engine with its rows, its search index and its migrations', async () => {
    const dataDir = join(scratch, 'install');
    // The folder exactly as `npm start` wrote it before: PGlite 0.3's defaults, the migrations, one client.
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const old = await PGlite03.create(join(dataDir, 'pglite'), { extensions: { pg_trgm: pgTrgm03 } });
    await migrate(drizzle({ client: old as never }), { migrationsFolder });
    await old.query(
      `insert into "user" (id, name, email, phone) values ('u-old', 'Ada Lovelace', 'ada@example.test', '07700 900123')`,
    );
    const migrationsBefore = (await old.query('select hash from drizzle.__drizzle_migrations order by id')).rows;
    await old.close();

    const database = await openDatabase({ dataDir });
    try {
      const client = database.source.kind === 'pglite' ? database.source.client : undefined;
      if (!client) throw new Error('expected PGlite');
      expect((await client.query('select hash from drizzle.__drizzle_migrations order by id')).rows).toEqual(
        migrationsBefore,
      );
      // The client search goes through the trigram index the old engine built.
      await client.exec('set enable_seqscan = off');
      const search = `select email from "user" where (lower("name") || ' ' || lower("email") || ' ' || coalesce("phone", '')) like '%lovelace%'`;
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${search}`)).rows.map(
        (row) => row['QUERY PLAN'],
      );
      expect(plan.join('\n')).toContain('user_search_trgm_idx');
      expect((await client.query(search)).rows).toEqual([{ email: 'ada@example.test' }]);
      await client.exec('reset enable_seqscan');
      // The smaller buffer cache that keeps the idle server under 250 MB.
      expect((await client.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
      // New rows land beside the old ones.
      await client.query(`insert into "user" (id, name, email) values ('u-new', 'Grace Hopper', 'grace@example.test')`);
    } finally {
      await database.close();
    }

    const reopened = await openDatabase({ dataDir });
    try {
      const client = reopened.source.kind === 'pglite' ? reopened.source.client : undefined;
      expect((await client?.query('select id from "user" order by id'))?.rows).toEqual([
        { id: 'u-new' },
        { id: 'u-old' },
      ]);
    } finally {
      await reopened.close();
    }
  });
});
