/**
 * Times in the diary that belong to one test, and to one attempt of it (decision 032).
 *
 * Every end-to-end run starts a server on a fresh database (start-server.ts), and every worker of that run shares
 * one ledger of the times already handed out: `diary.json` in the run's scratch folder, changed only while holding
 * a lock (a folder made with mkdir, which only one process can create). A test asks for what it needs while it
 * runs, so a retry, a repeat or another order of the tests gets times nobody has used in this run.
 *
 * - `diaryTime()`: one two-hour cell on a weekday or a Saturday, room for a booking of up to 90 minutes and the
 *   15-minute buffer.
 *   `diaryTime({ withinDays: 8 })` for a screen that shows only the days ahead (the dashboard's eight days): the
 *   weekdays up to NEAR_DAYS ahead are kept for such tests, the others start after them.
 * - `diaryDay()`: a whole weekday on which no other test books anything (for a test that books several times on
 *   one day, drags bookings about or reads a day's figures).
 * - `pastMonth()`: a calendar month of the past year that is this test's alone (appointments recorded afterwards).
 *
 * Weekdays run from three days ahead (clear of the two hours' notice and the 24-hour change cut-off whatever the
 * hour) to 59 days ahead (the 60-day booking horizon takes in the whole of its last day; a day short of it, so a
 * run that goes on past midnight stays inside). Cells are handed out from the nearest day on, whole days from the
 * farthest day back, so the two never meet until the diary is full, which fails loudly. Once the days past the
 * near ones are all had, both fall back on the near days the dashboard's tests left free (a full run on 55 days ran
 * out; one on 59 used 40 of the 41 weekdays, hence the Saturdays' cells).
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localDate, londonInstant } from './dates.ts';
import { tmpDir } from './paths.ts';

export type DiaryTime = {
  /** London's date, YYYY-MM-DD. */
  date: string;
  /** London's clock, HH:MM. */
  time: string;
  /** The instant, as the API takes it (ISO 8601, UTC). */
  startsAt: string;
};

/** Start times of the cells of a day: opening is 10:00–21:00 on weekdays by default, 10:00–18:00 on Saturdays. */
export const CELL_TIMES = ['10:00', '12:00', '14:00', '16:00', '18:00'] as const;
const SATURDAY_CELL_TIMES = CELL_TIMES.slice(0, 4);

const isSaturday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() === 6;
const cellTimesOf = (date: string) => (isSaturday(date) ? SATURDAY_CELL_TIMES : CELL_TIMES);

const FIRST_DAY_AHEAD = 3;
/** Days up to this many ahead are handed out only to tests that ask for a time within them. */
const NEAR_DAYS = 8;
const LAST_DAY_AHEAD = 59;

type Ledger = { cells: string[]; days: string[]; months: string[]; weekly?: string[][] };

/**
 * Same-time cells on one weekday three weeks running, set aside when the ledger is made: by the end of a run the whole
 * days handed out from the far end and the cells from the near end leave less than three weeks between them, so a
 * weekly series asked for late would find none. They lie among the nearest weeks, which the cells fill first anyway:
 * a stripe reaching further would leave a day no whole-day test may have (four weeks did, and the diary ran out).
 */
const WEEKLY_STRIPES = [
  { first: 0, time: '18:00' },
  { first: 1, time: '18:00' },
  { first: 2, time: '18:00' },
] as const;
const WEEKLY_WEEKS = 3;

export const diaryFile = join(tmpDir, 'diary.json');
const lockDir = join(tmpDir, 'diary.lock');

function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function withLedger<T>(change: (ledger: Ledger) => T): T {
  mkdirSync(tmpDir, { recursive: true });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock left behind by a worker that was killed holds for a few seconds at most.
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10_000) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`could not lock ${lockDir}`);
      pause(5 + Math.random() * 20);
    }
  }
  try {
    let ledger: Ledger = { cells: [], days: [], months: [] };
    try {
      ledger = { ...ledger, ...(JSON.parse(readFileSync(diaryFile, 'utf8')) as Partial<Ledger>) };
    } catch {
      // No ledger yet in this run: the weekly stripes are set aside first.
      const days = weekdaysAhead(NEAR_DAYS + 1, LAST_DAY_AHEAD);
      ledger.weekly = WEEKLY_STRIPES.map(({ first, time }) =>
        Array.from({ length: WEEKLY_WEEKS }, (_, n) => `${weekLaterOf(days[first] ?? '', n)} ${time}`),
      );
      ledger.cells.push(...ledger.weekly.flat());
    }
    const result = change(ledger);
    writeFileSync(diaryFile, JSON.stringify(ledger));
    return result;
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

const weekLaterOf = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * 7 * 86_400_000).toISOString().slice(0, 10);

/** The bookable weekdays (with `saturdays`, and Saturdays) from `first` to `last` days ahead, nearest first. */
export function weekdaysAhead(first = FIRST_DAY_AHEAD, last = LAST_DAY_AHEAD, saturdays = false): string[] {
  const days: string[] = [];
  for (let ahead = first; ahead <= last; ahead++) {
    const date = localDate(new Date(Date.now() + ahead * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (((weekday >= 1 && weekday <= 5) || (saturdays && weekday === 6)) && !days.includes(date)) days.push(date);
  }
  return days;
}

/**
 * A two-hour cell of a weekday or a Saturday that no other test (nor an earlier attempt of this one) has had in this
 * run; with `withinDays`, on a weekday at most that many days ahead. Saturdays take cells only (whole-day tests need
 * a weekday's hours), which leaves more weekdays whole: a full run of both projects used 40 of the 41 weekdays.
 */
export function diaryTime(options: { withinDays?: number } = {}): DiaryTime {
  const days = options.withinDays
    ? weekdaysAhead(FIRST_DAY_AHEAD, options.withinDays)
    : [...weekdaysAhead(NEAR_DAYS + 1, LAST_DAY_AHEAD, true), ...weekdaysAhead(FIRST_DAY_AHEAD, NEAR_DAYS)];
  return withLedger((ledger) => {
    for (const date of days) {
      if (ledger.days.includes(date)) continue;
      const time = cellTimesOf(date).find((cell) => !ledger.cells.includes(`${date} ${cell}`));
      if (!time) continue;
      ledger.cells.push(`${date} ${time}`);
      return { date, time, startsAt: londonInstant(date, time) };
    }
    throw new Error(`the diary is full: no free cell left among ${days.join(', ')}`);
  });
}

/**
 * The same two-hour cell on `weeks` weekdays a week apart (a weekly series), none of them had by
 * another test in this run.
 */
export function diaryWeekly(weeks: number): DiaryTime[] {
  const days = weekdaysAhead(NEAR_DAYS + 1, LAST_DAY_AHEAD);
  const weekLater = weekLaterOf;
  return withLedger((ledger) => {
    const stripe = weeks <= WEEKLY_WEEKS ? ledger.weekly?.shift() : undefined;
    if (stripe)
      return stripe.slice(0, weeks).map((cell) => {
        const [date = '', time = ''] = cell.split(' ');
        return { date, time, startsAt: londonInstant(date, time) };
      });
    for (const first of days)
      for (const time of CELL_TIMES) {
        const dates = Array.from({ length: weeks }, (_, n) => weekLater(first, n));
        const free = dates.every(
          (date) => days.includes(date) && !ledger.days.includes(date) && !ledger.cells.includes(`${date} ${time}`),
        );
        if (!free) continue;
        ledger.cells.push(...dates.map((date) => `${date} ${time}`));
        return dates.map((date) => ({ date, time, startsAt: londonInstant(date, time) }));
      }
    throw new Error(`the diary is full: no cell free on ${weeks} weekdays a week apart`);
  });
}

/** A weekday on which nothing else in this run books: the test has all of its opening hours. */
export function diaryDay(): string {
  return withLedger((ledger) => {
    const date = [
      ...weekdaysAhead(NEAR_DAYS + 1, LAST_DAY_AHEAD).reverse(),
      ...weekdaysAhead(FIRST_DAY_AHEAD, NEAR_DAYS).reverse(),
    ].find((day) => !ledger.days.includes(day) && !ledger.cells.some((cell) => cell.startsWith(`${day} `)));
    if (!date) throw new Error('the diary is full: no free day left in the booking horizon');
    ledger.days.push(date);
    return date;
  });
}

export type PastMonth = { year: number; month: number; from: string; to: string; day: (n: number) => string };

/**
 * A month in the past that is this test's alone in this run, counted back from last month, so that a month's figures
 * are only what the test recorded there. At most eleven months back: an invoice cannot be dated more than 365 days
 * back, and no suite records anything else in those months (the expenses specs use dates of their own in 2025's
 * spring; the current month is left to the tests that record today).
 */
export function pastMonth(): PastMonth {
  const today = localDate(new Date());
  const key = withLedger((ledger) => {
    for (let back = 1; back <= 11; back++) {
      const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
      const key = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
      if (ledger.months.includes(key)) continue;
      ledger.months.push(key);
      return key;
    }
    throw new Error('no past month left');
  });
  const [year, month] = key.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = (n: number) => `${key}-${String(n).padStart(2, '0')}`;
  return { year, month, from: day(1), to: day(last), day };
}
