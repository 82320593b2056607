import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSensualFlag, hasSensualFlag, needsSensualAccess, setSensualFlag } from './sensual-flag.ts';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: removing the test's cookie
  document.cookie = 'showSensual=; path=/; max-age=0';
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('showSensual flag', () => {
  it('is absent for a new visitor', () => {
    expect(hasSensualFlag()).toBe(false);
  });

  it('is written as a ten-year cookie for the whole site and to local storage', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    setSensualFlag();
    expect(writes).toEqual(['showSensual=true; path=/; max-age=315360000; SameSite=Lax']);
    expect(localStorage.getItem('showSensual')).toBe('true');
    expect(hasSensualFlag()).toBe(true);
  });

  it('survives a release that cleared local storage, through its cookie', () => {
    setSensualFlag();
    localStorage.clear();
    expect(hasSensualFlag()).toBe(true);
  });

  it('is forgotten on this device by hiding private treatments, and set again by the next sensual link', async () => {
    setSensualFlag();
    await Promise.resolve();
    clearSensualFlag();
    expect(localStorage.getItem('showSensual')).toBeNull();
    expect(document.cookie).not.toContain('showSensual=true');
    await Promise.resolve();
    expect(hasSensualFlag()).toBe(false);
    setSensualFlag();
    expect(hasSensualFlag()).toBe(true);
  });

  it('is read afresh once the script yields, however it was last set or hidden', async () => {
    clearSensualFlag();
    setSensualFlag();
    // The browser drops the cookie (it expired, or was cleared in its settings) and storage was wiped.
    // biome-ignore lint/suspicious/noDocumentCookie: removing the cookie as the browser would
    document.cookie = 'showSensual=; path=/; max-age=0';
    localStorage.clear();
    await Promise.resolve();
    expect(hasSensualFlag()).toBe(false);
  });
});

describe('addresses that need sensual access', () => {
  it('are the sensual aliases and the booking page of the sensual style, as the router matches them', () => {
    expect(needsSensualAccess('/sensual', '')).toBe(true);
    expect(needsSensualAccess('/Tantra/', '')).toBe(true);
    expect(needsSensualAccess('/book', '?style=sensual&type=naturist')).toBe(true);
    expect(needsSensualAccess('/book/', '?style=sensual')).toBe(true);
  });

  it('are not the therapeutic aliases, the therapeutic style or any other page', () => {
    expect(needsSensualAccess('/swedish', '')).toBe(false);
    expect(needsSensualAccess('/book', '?style=therapeutic')).toBe(false);
    expect(needsSensualAccess('/', '?style=sensual')).toBe(false);
    expect(needsSensualAccess('/bookings', '')).toBe(false);
  });
});
