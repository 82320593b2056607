import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  cancellationMoneyText,
  defaultPaymentPolicy,
  noShowFeeDue,
  type PaymentPolicy,
  paymentPolicyInput,
  paymentPolicySchema,
  SENSUAL_CARD_REFUSAL,
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

  it('follows the kind of client: a returning therapeutic client pays nothing here', () => {
    const policy = withRule({ kind: 'full' });
    expect(amountDue(policy, booking)).toEqual({ kind: 'prepayment', amountPence: 7000 });
    expect(amountDue(policy, { ...booking, clientKind: 'returningClient' })).toEqual({ kind: 'none' });
  });

  it('never asks a card payment of a sensual booking, whatever a stored policy says (decision 065)', () => {
    const policy = withRule({ kind: 'full' }, { style: 'sensual' });
    policy.sensual.returningClient = { kind: 'deposit_fixed', amountPence: 2000 };
    expect(amountDue(policy, { ...booking, style: 'sensual' })).toEqual({ kind: 'none' });
    expect(amountDue(policy, { ...booking, style: 'sensual', clientKind: 'returningClient' })).toEqual({
      kind: 'none',
    });
    expect(amountDue(policy, booking)).toEqual({ kind: 'none' });
  });

  it('refuses a policy asking a sensual card payment when the owner saves it, yet reads one stored before', () => {
    const stored = withRule({ kind: 'deposit_percent', percent: 20 }, { style: 'sensual' });
    expect(paymentPolicySchema.safeParse(stored).success).toBe(true);
    const saved = paymentPolicyInput.safeParse(stored);
    expect(saved.success).toBe(false);
    expect(saved.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['sensual.newClient']);
    const fee = {
      ...defaultPaymentPolicy(),
      noShowFee: { therapeutic: { kind: 'none' }, sensual: { kind: 'fixed', amountPence: 500 } },
    };
    expect(paymentPolicyInput.safeParse(fee).error?.issues[0]?.message).toBe(SENSUAL_CARD_REFUSAL);
    expect(paymentPolicyInput.safeParse(withRule({ kind: 'full' })).success).toBe(true);
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
    // A sensual booking is never charged one by card (decision 065), whatever a stored policy says.
    expect(noShowFeeDue(withFee, { style: 'sensual', pricePence: 15000 })).toBe(0);
    const zero = { ...withFee.noShowFee, sensual: { kind: 'percent', percent: 0 } };
    expect(paymentPolicySchema.safeParse({ ...withFee, noShowFee: zero }).success).toBe(false);
  });
});

describe('the no-show fee at the smallest charge the card networks take', () => {
  const percentOf = (percent: number): PaymentPolicy => ({
    ...defaultPaymentPolicy(),
    noShowFee: { therapeutic: { kind: 'percent', percent }, sensual: { kind: 'none' } },
  });

  it('charges a fee of exactly 30p, and nothing for one of 29p', () => {
    expect(noShowFeeDue(percentOf(10), { style: 'therapeutic', pricePence: 300 })).toBe(30);
    expect(noShowFeeDue(percentOf(10), { style: 'therapeutic', pricePence: 290 })).toBe(0);
    expect(noShowFeeDue(percentOf(100), { style: 'therapeutic', pricePence: 30 })).toBe(30);
    // Another network's minimum, given by the caller.
    expect(noShowFeeDue(percentOf(100), { style: 'therapeutic', pricePence: 50 }, 50)).toBe(50);
    expect(noShowFeeDue(percentOf(100), { style: 'therapeutic', pricePence: 49 }, 50)).toBe(0);
  });

  it('works a share out on whole pence of the price, rounded, and never on a negative price', () => {
    expect(noShowFeeDue(percentOf(50), { style: 'therapeutic', pricePence: 7001 })).toBe(3501); // 3500.5 rounded up
    expect(noShowFeeDue(percentOf(50), { style: 'therapeutic', pricePence: 7000.9 })).toBe(3500);
    expect(noShowFeeDue(percentOf(100), { style: 'therapeutic', pricePence: -7000 })).toBe(0);
  });
});

describe('what cancelling says about money paid online', () => {
  it('says nothing when none was paid, else what happens to the deposit or payment, in pounds', () => {
    const hours = { freeCancellationHours: 24 };
    expect(cancellationMoneyText(null)).toBe('');
    expect(cancellationMoneyText({ kind: 'deposit', amountPence: 0, outcome: 'refunded', ...hours })).toBe('');
    expect(cancellationMoneyText({ kind: 'deposit', amountPence: 2000, outcome: 'refunded', ...hours })).toBe(
      'Your £20 deposit will be refunded to your card.',
    );
    expect(cancellationMoneyText({ kind: 'prepayment', amountPence: 7050, outcome: 'kept', ...hours })).toBe(
      'Your £70.50 payment is kept, as the cancellation is less than 24 hours before the appointment.',
    );
  });
});

describe('a policy that asks nothing up front', () => {
  it('asks nothing even where the smallest charge is no minimum at all', () => {
    expect(amountDue(defaultPaymentPolicy(), booking, 0)).toEqual({ kind: 'none' });
    expect(amountDue(withRule({ kind: 'full' }), { ...booking, pricePence: 0 }, 0)).toEqual({
      kind: 'prepayment',
      amountPence: 0,
    });
  });
});
