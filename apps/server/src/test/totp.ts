import { TOTP, URI } from 'otpauth';

/** The code an authenticator app would show now for an `otpauth://totp/...` URI (or its base32 secret). */
export function totpCode(uriOrSecret: string): string {
  const totp = uriOrSecret.startsWith('otpauth://')
    ? (URI.parse(uriOrSecret) as TOTP)
    : new TOTP({ secret: uriOrSecret, digits: 6, period: 30 });
  return totp.generate();
}

export function secretOf(totpURI: string): string {
  return (URI.parse(totpURI) as TOTP).secret.base32;
}
