import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@app/shared';

/**
 * An archive that leaves the machine (BACKUP_UPLOAD) holds every password hash and second-factor secret: it is
 * encrypted first with AES-256-GCM under a key derived from BACKUP_KEY (scrypt, a salt per archive). Layout:
 * MAGIC, salt (16), key check (16), nonce (12), ciphertext, tag (16). The key check tells a wrong key from a damaged
 * archive before anything is decrypted; the tag proves every byte at the end.
 */
const MAGIC = Buffer.from('MBBACKUP-AES256GCM-1\n', 'ascii');
const SALT = 16;
const CHECK = 16;
const NONCE = 12;
const TAG = 16;
const HEADER = MAGIC.length + SALT + CHECK + NONCE;

export const ENCRYPTED_SUFFIX = '.enc';

async function deriveKeys(passphrase: string, salt: Buffer): Promise<{ key: Buffer; check: Buffer }> {
  const derived = await new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, bytes) =>
      error ? reject(error) : resolve(bytes),
    ),
  );
  return {
    key: derived.subarray(0, 32),
    check: createHash('sha256').update(derived.subarray(32)).digest().subarray(0, CHECK),
  };
}

export async function encryptArchive(bytes: Buffer, passphrase: string): Promise<Buffer> {
  const salt = randomBytes(SALT);
  const nonce = randomBytes(NONCE);
  const { key, check } = await deriveKeys(passphrase, salt);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([MAGIC, salt, check, nonce, body, cipher.getAuthTag()]);
}

/** Whether the file at `path` is an encrypted archive (its first bytes are ours). */
export async function isEncryptedArchive(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await file.read(head, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await file.close();
  }
}

/**
 * The archive's gzip bytes, decrypted as they are read. A wrong key is refused before anything is read; a changed
 * byte fails the tag when the stream ends (restore checks everything before it writes, so nothing is restored).
 */
export async function decryptingStream(path: string, passphrase: string): Promise<Readable> {
  const file = await open(path, 'r');
  let header: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await file.stat()).size;
    if (size < HEADER + TAG) throw damagedEncrypted();
    header = Buffer.alloc(HEADER);
    tag = Buffer.alloc(TAG);
    await file.read(header, 0, HEADER, 0);
    await file.read(tag, 0, TAG, size - TAG);
  } finally {
    await file.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT);
  const check = header.subarray(MAGIC.length + SALT, MAGIC.length + SALT + CHECK);
  const nonce = header.subarray(MAGIC.length + SALT + CHECK);
  const derived = await deriveKeys(passphrase, salt);
  if (!timingSafeEqual(derived.check, check))
    throw new AppError(
      'VALIDATION',
      'The backup key does not open this archive: it was made with another key; nothing was restored.',
    );
  const decipher = createDecipheriv('aes-256-gcm', derived.key, nonce);
  decipher.setAuthTag(tag);
  if (size === HEADER + TAG) decipher.end();
  // pipeline passes a read error on to the decipher, which the reader of the decipher then sees.
  else pipeline(createReadStream(path, { start: HEADER, end: size - TAG - 1 }), decipher).catch(() => {});
  return decipher;
}

export function damagedEncrypted(): AppError {
  return new AppError(
    'VALIDATION',
    'The backup archive is damaged (its encrypted data does not match its tag); nothing was restored.',
  );
}
