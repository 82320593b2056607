import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database?.close());

// PGlite runs each statement on the server's one thread: pg-boss's work must not hold back the requests.
describe("pg-boss's statements on PGlite", { timeout: 60_000 }, () => {
  it('let a request that is already waiting go first, however many follow each other', async () => {
    if (!('db' in database.boss)) throw new Error('expected PGlite');
    const boss = database.boss.db;
    const events: string[] = [];
    // A request that arrived while the jobs start: its callback waits on the event loop.
    setImmediate(() => events.push('request'));
    for (const n of [1, 2, 3]) {
      const { rows } = await boss.executeSql('select $1::int as n', [n]);
      events.push(`statement ${rows[0]?.n}`);
    }
    expect(events).toEqual(['request', 'statement 1', 'statement 2', 'statement 3']);
  });
});
