/**
 * The shared money, VAT and time helpers that both the forms and the server rely on. Expected values are worked
 * out by hand, and the property tests compare with exact integer arithmetic (BigInt), not with the helpers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastAnalyticsDay } from './analytics.ts';
import { localDateSchema, localTimeSchema, timeRangeSchema } from './availability.ts';
import { lastDayWithinYears } from './fields.ts';
import { formatVatRate, invoiceLabel, invoiceTotals, priceLine, vatByRate } from './invoices.ts';
import { vatInGross, vatOnNet } from './money.ts';

const pence = fc.integer({ min: 0, max: 100_000_000 });
const rateBp = fc.oneof(fc.constantFrom(0, 500, 2000), fc.integer({ min: 0, max: 10_000 }));

/** a / b rounded half up, for a ≥ 0 and b > 0, in exact integers. */
function roundHalfUp(a: bigint, b: bigint): number {
  return Number((2n * a + b) / (2n * b));
}

describe('VAT on a net amount', () => {
  it('is worked out in whole pence, rounded half up', () => {
    expect(vatOnNet(7000, 2000)).toBe(1400);
    expect(vatOnNet(1, 2000)).toBe(0); // 0.2p
    expect(vatOnNet(3, 2000)).toBe(1); // 0.6p
    expect(vatOnNet(5, 1000)).toBe(1); // 0.5p rounds up
    expect(vatOnNet(25, 2000)).toBe(5);
    expect(vatOnNet(999, 500)).toBe(50); // 49.95p
    expect(vatOnNet(12_345, 0)).toBe(0);
  });

  it('equals net × rate / 10 000 rounded half up, for any amount and rate', () => {
    fc.assert(
      fc.property(pence, rateBp, (net, rate) => {
        expect(vatOnNet(net, rate)).toBe(roundHalfUp(BigInt(net) * BigInt(rate), 10_000n));
      }),
    );
  });
});

describe('VAT inside a VAT-inclusive amount', () => {
  it('is a sixth of the gross at 20 %, a twenty-first at 5 %', () => {
    expect(vatInGross(8400, 2000)).toBe(1400);
    expect(vatInGross(7000, 2000)).toBe(1167); // net 5833.33 → 5833
    expect(vatInGross(2100, 500)).toBe(100);
    expect(vatInGross(7000, 0)).toBe(0);
    expect(vatInGross(1, 2000)).toBe(0);
  });

  it('leaves the net as gross × 10 000 / (10 000 + rate) rounded half up, and never more VAT than gross', () => {
    fc.assert(
      fc.property(pence, rateBp, (gross, rate) => {
        const vat = vatInGross(gross, rate);
        expect(gross - vat).toBe(roundHalfUp(BigInt(gross) * 10_000n, 10_000n + BigInt(rate)));
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(vat).toBeLessThanOrEqual(gross);
        // Charging VAT on that net gives back the gross within a penny.
        expect(Math.abs(gross - vat + vatOnNet(gross - vat, rate) - gross)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 1000 }),
  unitPricePence: fc.integer({ min: 0, max: 100_000 }),
  vatRateBp: fc.constantFrom(0, 500, 2000),
});

describe('invoice arithmetic', () => {
  it('prices a line and totals lines with VAT rounded per line', () => {
    expect(priceLine({ quantity: 2, unitPricePence: 5000, vatRateBp: 2000 })).toEqual({
      netPence: 10_000,
      vatPence: 2000,
    });
    // Two lines of 0.6p VAT each: rounded per line, 1p + 1p, not 1.2p → 1p.
    expect(
      invoiceTotals([
        { quantity: 1, unitPricePence: 3, vatRateBp: 2000 },
        { quantity: 1, unitPricePence: 3, vatRateBp: 2000 },
      ]),
    ).toEqual({ subtotalPence: 6, vatPence: 2, totalPence: 8 });
    expect(invoiceTotals([])).toEqual({ subtotalPence: 0, vatPence: 0, totalPence: 0 });
  });

  it('adds up to the sum of quantity × price plus each line’s rounded VAT, for any lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const totals = invoiceTotals(lines);
        let net = 0n;
        let vat = 0;
        for (const l of lines) {
          const lineNet = BigInt(l.quantity) * BigInt(l.unitPricePence);
          net += lineNet;
          vat += roundHalfUp(lineNet * BigInt(l.vatRateBp), 10_000n);
        }
        expect(totals).toEqual({ subtotalPence: Number(net), vatPence: vat, totalPence: Number(net) + vat });
      }),
    );
  });

  it('sums VAT per rate, highest rate first, losing and inventing nothing', () => {
    expect(
      vatByRate([
        { vatRateBp: 500, netPence: 100, vatPence: 5 },
        { vatRateBp: 2000, netPence: 1000, vatPence: 200 },
        { vatRateBp: 500, netPence: 300, vatPence: 15 },
      ]),
    ).toEqual([
      { vatRateBp: 2000, netPence: 1000, vatPence: 200 },
      { vatRateBp: 500, netPence: 400, vatPence: 20 },
    ]);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const priced = lines.map((l) => ({ vatRateBp: l.vatRateBp, ...priceLine(l) }));
        const groups = vatByRate(priced);
        expect(groups.map((g) => g.vatRateBp)).toEqual(
          [...new Set(lines.map((l) => l.vatRateBp))].sort((a, b) => b - a),
        );
        for (const group of groups) {
          const same = priced.filter((p) => p.vatRateBp === group.vatRateBp);
          expect(group.netPence).toBe(same.reduce((sum, p) => sum + p.netPence, 0));
          expect(group.vatPence).toBe(same.reduce((sum, p) => sum + p.vatPence, 0));
        }
      }),
    );
  });

  it('writes numbers and rates as people read them', () => {
    expect(invoiceLabel('INV', 42)).toBe('INV-000042');
    expect(invoiceLabel('CN', 3)).toBe('CN-000003');
    expect(invoiceLabel('INV', null)).toBe('Draft');
    expect(formatVatRate(2000)).toBe('20 %');
    expect(formatVatRate(500)).toBe('5 %');
    expect(formatVatRate(1750)).toBe('17.5 %');
    expect(formatVatRate(0)).toBe('0 %');
  });
});

describe('local dates and times', () => {
  it('takes wall-clock times from 00:00 to 24:00 and nothing else', () => {
    for (const ok of ['00:00', '09:30', '23:59', '24:00']) expect(localTimeSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['9:30', '24:01', '25:00', '12:60', '12:5', ''])
      expect(localTimeSchema.safeParse(bad).success).toBe(false);
    expect(timeRangeSchema.safeParse({ start: '10:00', end: '21:00' }).success).toBe(true);
    expect(timeRangeSchema.safeParse({ start: '21:00', end: '10:00' }).success).toBe(false);
    expect(timeRangeSchema.safeParse({ start: '10:00', end: '10:00' }).success).toBe(false);
  });

  it('takes real calendar dates only, leap days included', () => {
    for (const ok of ['2026-03-29', '2024-02-29', '2026-12-31', '2027-10-31'])
      expect(localDateSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['2026-02-30', '2026-02-29', '2025-04-31', '2026-13-01', '2026-00-10', '26-03-29', ''])
      expect(localDateSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('accepts every real date and refuses every 29–31 a month does not have', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (at) => {
        expect(localDateSchema.safeParse(at.toISOString().slice(0, 10)).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
        for (let day = days + 1; day <= 31; day++) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(localDateSchema.safeParse(text).success, text).toBe(false);
        }
      }),
    );
  });

  it('ends a period the day before the same date years later', () => {
    expect(lastDayWithinYears('2026-01-01', 1)).toBe('2026-12-31');
    expect(lastDayWithinYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(lastDayWithinYears('2026-03-29', 2)).toBe('2028-03-28');
    expect(lastAnalyticsDay('2026-03-01')).toBe('2036-02-29');
    expect(lastAnalyticsDay('2020-01-01')).toBe('2029-12-31');
  });
});
