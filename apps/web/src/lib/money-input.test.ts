import { describe, expect, it } from 'vitest';
import { penceToPounds, poundsToPence } from './money-input.ts';

describe('amounts typed in pounds', () => {
  it('reads whole pounds, pence and thousands separators exactly', () => {
    expect(poundsToPence('12')).toBe(1200);
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence('£1,234.56')).toBe(123_456);
    expect(poundsToPence('0.29')).toBe(29);
    expect(poundsToPence('.5')).toBe(50);
    expect(poundsToPence('12.')).toBe(1200);
  });

  it('refuses what is not an amount in pounds and pence', () => {
    expect(poundsToPence('')).toBeNull();
    expect(poundsToPence('12.345')).toBeNull();
    expect(poundsToPence('-3')).toBeNull();
    expect(poundsToPence('ten')).toBeNull();
  });

  it('writes pence back the way they are typed', () => {
    expect(penceToPounds(1250)).toBe('12.50');
    expect(penceToPounds(7)).toBe('0.07');
    expect(poundsToPence(penceToPounds(987_654))).toBe(987_654);
  });
});
