import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

// A minimal POSIX tar (ustar, with pax headers for long names): enough to write and read our own archives,
// and readable by `tar xzf` for an owner who wants to look inside.

const BLOCK = 512;

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 99), 0, 'utf8');
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(0, 12), 136);
  block.write('        ', 148);
  block.write(type, 156);
  block.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

async function write(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Appends one member; names longer than the ustar field get a pax header first. */
export async function writeTarMember(out: Writable, name: string, data: Buffer) {
  if (Buffer.byteLength(name) > 99) {
    const pax = Buffer.from(paxRecord('path', name));
    await write(out, header('PaxHeader', pax.length, 'x'));
    await write(out, pax);
    await write(out, padding(pax.length));
  }
  await write(out, header(name, data.length, '0'));
  await write(out, data);
  await write(out, padding(data.length));
}

export async function endTar(out: Writable) {
  await write(out, Buffer.alloc(BLOCK * 2));
}

export class TarFormatError extends Error {}

/** Reads the members of a tar stream one by one (each held in memory while it is handled). */
export async function* readTar(input: Readable): AsyncGenerator<{ name: string; data: Buffer }> {
  let buffered = Buffer.alloc(0);
  const chunks = input[Symbol.asyncIterator]();
  let ended = false;
  async function take(size: number): Promise<Buffer | null> {
    while (buffered.length < size && !ended) {
      const next = await chunks.next();
      if (next.done) ended = true;
      else buffered = Buffer.concat([buffered, next.value as Buffer]);
    }
    if (buffered.length < size) return null;
    const out = buffered.subarray(0, size);
    buffered = buffered.subarray(size);
    return out;
  }
  let longName: string | undefined;
  for (;;) {
    const block = await take(BLOCK);
    if (!block) throw new TarFormatError('the archive ends in the middle of a member');
    if (block.every((byte) => byte === 0)) return;
    const size = Number.parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    const type = block.toString('latin1', 156, 157);
    if (!Number.isFinite(size) || size < 0) throw new TarFormatError('a member header is not valid');
    const data = await take(size);
    const pad = await take((BLOCK - (size % BLOCK)) % BLOCK);
    if (!data || !pad) throw new TarFormatError('the archive ends in the middle of a member');
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'))?.[1];
      continue;
    }
    const name = longName ?? block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    longName = undefined;
    if (type === '0' || type === '\0') yield { name, data: Buffer.from(data) };
  }
}
