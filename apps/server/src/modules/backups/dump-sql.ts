// Reading the plain SQL that pg_dump writes (with --inserts): which lines start a statement outside any
// quoted text, so that counting rows and dropping tool-specific lines never touch the data itself.

const identifier = String.raw`(?:"(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_$]*)`;
const qualified = String.raw`(${identifier}\.${identifier})`;
const insertLine = new RegExp(`^INSERT INTO ${qualified} `);
const createLine = new RegExp(`^CREATE (?:UNLOGGED )?TABLE ${qualified} `);

/** Calls `visit` with each line and whether it begins outside quotes, dollar quotes and comments. */
function walkLines(sql: string, visit: (line: string, atTop: boolean) => void) {
  let quote: string | null = null; // "'" or a dollar tag such as "$$" or "$_$"
  let start = 0;
  while (start <= sql.length) {
    const end = sql.indexOf('\n', start);
    const line = sql.slice(start, end === -1 ? sql.length : end);
    const atTop = quote === null;
    visit(line, atTop);
    // Track the quoting state through the line.
    let i = 0;
    if (atTop && line.startsWith('--')) i = line.length;
    while (i < line.length) {
      if (quote === "'") {
        const close = line.indexOf("'", i);
        if (close === -1) break;
        i = close + 1;
        if (line[i] === "'") i++;
        else quote = null;
      } else if (quote) {
        const close = line.indexOf(quote, i);
        if (close === -1) break;
        i = close + quote.length;
        quote = null;
      } else {
        const char = line[i];
        if (char === "'") {
          quote = "'";
          i++;
        } else if (char === '$') {
          const tag = /^\$[A-Za-z_]*\$/.exec(line.slice(i))?.[0];
          if (tag) {
            quote = tag;
            i += tag.length;
          } else i++;
        } else if (char === '-' && line[i + 1] === '-') i = line.length;
        else if (char === '"') {
          const close = line.indexOf('"', i + 1);
          i = close === -1 ? line.length : close + 1;
        } else i++;
      }
    }
    if (end === -1) break;
    start = end + 1;
  }
}

/** Rows per table as the dump holds them (one INSERT per row), tables without rows included as 0. */
export function rowCountsOf(sql: string): Record<string, number> {
  const counts: Record<string, number> = {};
  walkLines(sql, (line, atTop) => {
    if (!atTop) return;
    const created = createLine.exec(line)?.[1];
    if (created) counts[created] ??= 0;
    const inserted = insertLine.exec(line)?.[1];
    if (inserted) counts[inserted] = (counts[inserted] ?? 0) + 1;
  });
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The dump as both PGlite and PostgreSQL 15+ accept it through a driver: psql's meta-commands (\restrict,
 * \connect) go, and so does the PostgreSQL 17 setting transaction_timeout, unknown to older servers.
 */
export function portableSql(sql: string): string {
  const kept: string[] = [];
  walkLines(sql, (line, atTop) => {
    if (atTop && (line.startsWith('\\') || /^SET transaction_timeout = /.test(line))) return;
    kept.push(line);
  });
  return kept.join('\n');
}

/** The rows of one table in a dump made with --column-inserts, as column → text (numbers as text, NULL as null). */
export function rowsOf(sql: string, table: string): Record<string, string | null>[] {
  const rows: Record<string, string | null>[] = [];
  const prefix = `INSERT INTO ${table} (`;
  walkLines(sql, (line, atTop) => {
    if (!atTop || !line.startsWith(prefix)) return;
    const valuesAt = line.indexOf(') VALUES (');
    const columns = line
      .slice(prefix.length, valuesAt)
      .split(', ')
      .map((name) => name.replace(/^"|"$/g, '').replace(/""/g, '"'));
    const values: (string | null)[] = [];
    let i = valuesAt + ') VALUES ('.length;
    while (i < line.length && values.length < columns.length) {
      if (line[i] === "'") {
        let text = '';
        i++;
        for (;;) {
          const close = line.indexOf("'", i);
          text += line.slice(i, close);
          i = close + 1;
          if (line[i] === "'") {
            text += "'";
            i++;
          } else break;
        }
        values.push(text);
      } else {
        const end = line.slice(i).search(/, |\);$/);
        const raw = line.slice(i, i + end);
        values.push(raw === 'NULL' ? null : raw);
        i += end;
      }
      i += 2; // ", " or ");"
    }
    rows.push(Object.fromEntries(columns.map((column, index) => [column, values[index] ?? null])));
  });
  return rows;
}
