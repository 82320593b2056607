/**
 * Draws the app icons (no network at build time, so no icon service): a teal square with a white ring.
 * Run with `node apps/web/scripts/make-icons.ts`; the PNGs are committed under public/icons.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const teal = [11, 114, 133];
const white = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `safeZone` shrinks the ring so a maskable icon survives a circular mask. */
function icon(size: number, safeZone: number): Buffer {
  const rows: Buffer[] = [];
  const centre = (size - 1) / 2;
  const outer = (size / 2) * 0.62 * safeZone;
  const inner = outer * 0.62;
  const dot = outer * 0.28;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - centre, y - centre);
      const colour = (d <= outer && d >= inner) || d <= dot ? white : teal;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = (name: string) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));
writeFileSync(out('favicon-32.png'), icon(32, 1.3));
writeFileSync(out('apple-touch-icon-180.png'), icon(180, 1));
writeFileSync(out('icon-192.png'), icon(192, 1));
writeFileSync(out('icon-512.png'), icon(512, 1));
writeFileSync(out('icon-maskable-512.png'), icon(512, 0.8));
