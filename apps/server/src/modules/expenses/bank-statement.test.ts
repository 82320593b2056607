import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importKeyOf, keywordCategoryName, parseStatementAmount, parseStatementDate } from './bank-statement.ts';

describe('reading a bank statement line', () => {
  it('reads UK, ISO and spelled-out dates, and refuses impossible ones', () => {
    expect(parseStatementDate('03/04/2026')).toBe('2026-04-03');
    expect(parseStatementDate('3/4/26')).toBe('2026-04-03');
    expect(parseStatementDate('2026-04-03')).toBe('2026-04-03');
    expect(parseStatementDate('2026-04-03T10:15:00Z')).toBe('2026-04-03');
    expect(parseStatementDate('03 Apr 2026')).toBe('2026-04-03');
    expect(parseStatementDate('3-April-2026')).toBe('2026-04-03');
    expect(parseStatementDate('31/02/2026')).toBeNull();
    expect(parseStatementDate('04/31/2026')).toBeNull();
    expect(parseStatementDate('yesterday')).toBeNull();
  });

  it('reads amounts to exact pence in the ways banks write them', () => {
    expect(parseStatementAmount('£1,234.50')).toBe(123_450);
    expect(parseStatementAmount('-12.3')).toBe(-1230);
    expect(parseStatementAmount('(12.30)')).toBe(-1230);
    expect(parseStatementAmount('12.30 DR')).toBe(-1230);
    expect(parseStatementAmount('-£7')).toBe(-700);
    expect(parseStatementAmount('')).toBe(0);
    expect(parseStatementAmount('12.345')).toBeNull();
    expect(parseStatementAmount('twelve')).toBeNull();
  });

  it('reads back any amount written with two decimals, without floating-point error', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (pence) => {
        const text = `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100).toLocaleString('en-GB')}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;
        expect(parseStatementAmount(text)).toBe(pence);
      }),
    );
  });

  it('fingerprints a line regardless of case and spacing, and tells repeated lines apart', () => {
    expect(importKeyOf('2026-01-01', 500, 'UBER  Trip')).toBe(importKeyOf('2026-01-01', 500, 'uber trip'));
    expect(importKeyOf('2026-01-01', 500, 'uber trip', 2)).not.toBe(importKeyOf('2026-01-01', 500, 'uber trip'));
    expect(importKeyOf('2026-01-01', 501, 'uber trip')).not.toBe(importKeyOf('2026-01-01', 500, 'uber trip'));
  });

  it('suggests a category by keyword', () => {
    expect(keywordCategoryName('TFL TRAVEL CH')).toBe('travel');
    expect(keywordCategoryName('GOOGLE ADS 1234')).toBe('advertising');
    expect(keywordCategoryName('Wash & Fold Laundry')).toBe('laundry');
    expect(keywordCategoryName('Tesco Stores')).toBeNull();
  });
});
