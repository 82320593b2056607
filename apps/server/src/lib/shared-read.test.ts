import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedReads } from './shared-read.ts';

/** A read the test finishes by hand: what it returns is the store's value when the read began. */
function controlledStore() {
  let value = 0;
  const begun: { key: string; seen: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      const seen = value;
      begun.push({ key, seen, finish: () => resolve(`${key}:${seen}`), fail: reject });
    });
  return { read, begun, write: (next: number) => (value = next) };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('sharedReads', () => {
  it('begins a read at once when none is under way', async () => {
    const store = controlledStore();
    const get = sharedReads(store.read);
    const answer = get('a');
    expect(store.begun).toHaveLength(1);
    store.begun[0]?.finish();
    expect(await answer).toBe('a:0');
  });

  it('gives the requests that come during a read the next read, begun after they came, so a change committed before they came is in it', async () => {
    const store = controlledStore();
    const get = sharedReads(store.read);
    const first = get('a');
    // Committed while the first read is under way: that read may not see it, the next requests must.
    store.write(1);
    const during = [get('a'), get('a'), get('a')];
    expect(store.begun).toHaveLength(1);

    store.begun[0]?.finish();
    expect(await first).toBe('a:0');
    await settle();
    expect(store.begun).toHaveLength(2);
    store.begun[1]?.finish();
    expect(await Promise.all(during)).toEqual(['a:1', 'a:1', 'a:1']);
  });

  it('keeps keys apart and begins afresh once every read is done', async () => {
    const store = controlledStore();
    const get = sharedReads(store.read);
    const a = get('a');
    const b = get('b');
    expect(store.begun.map((read) => read.key)).toEqual(['a', 'b']);
    for (const read of store.begun) read.finish();
    expect([await a, await b]).toEqual(['a:0', 'b:0']);

    store.write(2);
    const again = get('a');
    expect(store.begun).toHaveLength(3);
    store.begun[2]?.finish();
    expect(await again).toBe('a:2');
  });

  it('fails only the requests of a failed read; the next read goes ahead', async () => {
    const store = controlledStore();
    const get = sharedReads(store.read);
    const failing = get('a');
    const waiting = get('a');
    store.begun[0]?.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await settle();
    store.begun[1]?.finish();
    expect(await waiting).toBe('a:0');
  });
});

describe('sharedReads with a short caching', () => {
  afterEach(() => vi.useRealTimers());

  it('answers from the last read within its time, reads again after it, and at once after forget()', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = controlledStore();
    const get = sharedReads(store.read, { keepForMs: 1000 });
    const first = get('a');
    store.begun[0]?.finish();
    expect(await first).toBe('a:0');

    store.write(1);
    vi.advanceTimersByTime(900);
    expect(await get('a')).toBe('a:0');
    expect(store.begun).toHaveLength(1);

    vi.advanceTimersByTime(100);
    const later = get('a');
    expect(store.begun).toHaveLength(2);
    store.begun[1]?.finish();
    expect(await later).toBe('a:1');

    store.write(2);
    get.forget();
    const afterChange = get('a');
    expect(store.begun).toHaveLength(3);
    store.begun[2]?.finish();
    expect(await afterChange).toBe('a:2');
  });
});
