/**
 * A readers–writer lock shared by every worker of the run, for a setting of the whole business that tests read
 * while another test changes it (the payment policy: a no-show fee asked of every booking, a cancellation window of
 * 720 hours, the books of today). Readers run beside each other; a test that changes the setting waits until no
 * reader is left and keeps new ones waiting (so it is never starved) until it is done.
 *
 * Files in the run's scratch folder: `<name>/writer` (made with `wx`: one writer at a time) and one file per reader
 * in `<name>/readers/`, each holding its process id, so that a lock left by a worker that was killed is cleared.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpDir } from './paths.ts';

const POLL_MS = 200;

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the file when the process that made it is gone; true when it is still there. */
function heldByLiveProcess(file: string): boolean {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch {
    return false; // removed meanwhile
  }
  // Made a moment ago and not written yet.
  if (content === '') return true;
  if (alive(Number(content))) return true;
  rmSync(file, { force: true });
  return false;
}

function foldersOf(name: string) {
  const folder = join(tmpDir, 'settings-locks', name);
  const readers = join(folder, 'readers');
  mkdirSync(readers, { recursive: true });
  return { writer: join(folder, 'writer'), readers };
}

/** Holds the setting for reading, beside other readers; resolves to the release. */
export async function readSetting(name: string): Promise<() => void> {
  const { writer, readers } = foldersOf(name);
  const mine = join(readers, `${process.pid}-${Math.random().toString(36).slice(2)}`);
  for (;;) {
    if (!heldByLiveProcess(writer)) {
      writeFileSync(mine, String(process.pid));
      // A writer that came in meanwhile goes first: it is waiting for the readers it saw, this one steps back.
      if (!heldByLiveProcess(writer)) return () => rmSync(mine, { force: true });
      rmSync(mine, { force: true });
    }
    await sleep(POLL_MS);
  }
}

/** Holds the setting alone: no reader and no other writer until the release. */
export async function changeSetting(name: string): Promise<() => void> {
  const { writer, readers } = foldersOf(name);
  for (;;) {
    try {
      writeFileSync(writer, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      heldByLiveProcess(writer);
      await sleep(POLL_MS);
    }
  }
  while (readdirSync(readers).some((reader) => heldByLiveProcess(join(readers, reader)))) await sleep(POLL_MS);
  return () => rmSync(writer, { force: true });
}
