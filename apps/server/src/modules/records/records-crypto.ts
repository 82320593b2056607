// Sealing of the practice's records (decision 068): AES-256-GCM under RECORDS_KEY, a fresh 12-byte IV per value, the
// record's kind and owner as additional data so that a sealed value copied onto another row does not open there.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The 32 bytes of RECORDS_KEY (64 hex digits or base64). */
export function recordsKeyBytes(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('RECORDS_KEY must be 32 bytes');
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the value as JSON, readable only with the key and the same `context`. */
export function seal(key: Buffer, value: unknown, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens what `seal` made; a wrong key, context or a changed byte throws (GCM's tag). */
export function unseal<T>(key: Buffer, sealed: string, context: string): T {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed record');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as T;
}
