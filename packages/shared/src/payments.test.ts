import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  defaultPaymentPolicy,
  noShowFeeDue,
  type PaymentPolicy,
  paymentPolicySchema,
  type UpfrontRule,
} from './payments.ts';

const withRule = (rule: UpfrontRule, where: Partial<{ style: 'therapeutic' | 'sensual' }> = {}): PaymentPolicy => {
  const policy = defaultPaymentPolicy();
  policy[where.style ?? 'therapeutic'].newClient = rule;
  return policy;
};
const booking = { style: 'therapeutic' as const, clientKind: 'newClient' as const, pricePence: 7000 };

describe('the amount a booking asks up front', () => {
  it('asks nothing under the default policy', () => {
    expect(amountDue(defaultPaymentPolicy(), booking)).toEqual({ kind: 'none' });
  });

  it('asks a fixed deposit, a share of the price, or the whole price', () => {
    expect(amountDue(withRule({ kind: 'deposit_fixed', amountPence: 2000 }), booking)).toEqual({
      kind: 'deposit',
      amountPence: 2000,
    });
    expect(amountDue(withRule({ kind: 'deposit_percent', percent: 25 }), booking)).toEqual({
      kind: 'deposit',
      amountPence: 1750,
    });
    expect(amountDue(withRule({ kind: 'full' }), booking)).toEqual({ kind: 'prepayment', amountPence: 7000 });
  });

  it('follows the style and the kind of client: a returning therapeutic client pays nothing here', () => {
    const policy = withRule({ kind: 'full' }, { style: 'sensual' });
    expect(amountDue(policy, booking)).toEqual({ kind: 'none' });
    expect(amountDue(policy, { ...booking, style: 'sensual' })).toEqual({ kind: 'prepayment', amountPence: 7000 });
    expect(amountDue(policy, { ...booking, style: 'sensual', clientKind: 'returningClient' })).toEqual({
      kind: 'none',
    });
  });

  it('never asks a deposit above the price, nor a charge below the smallest the card networks take', () => {
    expect(amountDue(withRule({ kind: 'deposit_fixed', amountPence: 9000 }), booking)).toEqual({
      kind: 'deposit',
      amountPence: 7000,
    });
    expect(amountDue(withRule({ kind: 'deposit_percent', percent: 1 }), { ...booking, pricePence: 2000 })).toEqual({
      kind: 'none',
    });
  });

  it('refuses a policy the owner could not mean (0 % or 100 % deposits, unknown kinds)', () => {
    const bad = (rule: unknown) =>
      paymentPolicySchema.safeParse({
        ...defaultPaymentPolicy(),
        therapeutic: { newClient: rule, returningClient: rule },
      }).success;
    expect(bad({ kind: 'deposit_percent', percent: 0 })).toBe(false);
    expect(bad({ kind: 'deposit_percent', percent: 100 })).toBe(false);
    expect(bad({ kind: 'everything' })).toBe(false);
    expect(bad({ kind: 'deposit_fixed', amountPence: 1500 })).toBe(true);
  });

  const rule = fc.oneof(
    fc.constant<UpfrontRule>({ kind: 'none' }),
    fc.constant<UpfrontRule>({ kind: 'full' }),
    fc
      .integer({ min: 100, max: 1_000_000 })
      .map((amountPence): UpfrontRule => ({ kind: 'deposit_fixed', amountPence })),
    fc.integer({ min: 1, max: 99 }).map((percent): UpfrontRule => ({ kind: 'deposit_percent', percent })),
  );

  it('is always a whole number of pence between the minimum charge and the price, or nothing (property)', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 1, max: 100 }), (r, price, min) => {
        const due = amountDue(withRule(r), { ...booking, pricePence: price }, min);
        if (due.kind === 'none') return r.kind === 'none' || price < min || dueBelow(r, price, min);
        return (
          Number.isInteger(due.amountPence) &&
          due.amountPence >= min &&
          due.amountPence <= price &&
          (due.kind === 'prepayment') === (r.kind === 'full')
        );
      }),
      { numRuns: 2000 },
    );
  });
});

function dueBelow(rule: UpfrontRule, price: number, min: number) {
  if (rule.kind === 'deposit_fixed') return Math.min(rule.amountPence, price) < min;
  if (rule.kind === 'deposit_percent') return Math.round((price * rule.percent) / 100) < min;
  return price < min;
}

describe('the no-show fee of the policy', () => {
  it('reads a policy saved before the no-show fee existed as having none, and works a fee out per style', () => {
    const { noShowFee: _none, ...older } = defaultPaymentPolicy();
    const parsed = paymentPolicySchema.parse(older);
    expect(parsed.noShowFee).toEqual({ therapeutic: { kind: 'none' }, sensual: { kind: 'none' } });
    expect(noShowFeeDue(parsed, { style: 'therapeutic', pricePence: 7000 })).toBe(0);
    const withFee = {
      ...parsed,
      noShowFee: {
        therapeutic: { kind: 'fixed' as const, amountPence: 3000 },
        sensual: { kind: 'percent' as const, percent: 50 },
      },
    };
    expect(noShowFeeDue(withFee, { style: 'therapeutic', pricePence: 7000 })).toBe(3000);
    expect(noShowFeeDue(withFee, { style: 'sensual', pricePence: 15000 })).toBe(7500);
    expect(noShowFeeDue(withFee, { style: 'sensual', pricePence: 40 })).toBe(0);
    const zero = { ...withFee.noShowFee, sensual: { kind: 'percent', percent: 0 } };
    expect(paymentPolicySchema.safeParse({ ...withFee, noShowFee: zero }).success).toBe(false);
  });
});
