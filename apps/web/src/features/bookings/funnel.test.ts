import { describe, expect, it } from 'vitest';
import { groupByPeriod, nextFreeDay, nextStep, stepNumber, stepsOf, stepToShow } from './funnel.ts';

const none = { treatment: false, length: false, day: false, time: false };
const treatment = { ...none, treatment: true };
const length = { ...treatment, length: true };
const day = { ...length, day: true };
const all = { ...day, time: true };

describe('the steps of /book', () => {
  it('opens on the first choice still open when the address names no step', () => {
    expect(stepToShow(null, none)).toBe('treatment');
    expect(stepToShow(null, treatment)).toBe('length');
    expect(stepToShow(null, length)).toBe('day');
    expect(stepToShow(null, day)).toBe('time');
    // A link with a time opens on the details, as before steps existed.
    expect(stepToShow(null, all)).toBe('details');
  });

  it('skips the length of a treatment that has only one', () => {
    expect(stepToShow(null, treatment, true)).toBe('day');
  });

  it('shows the step in the address when every choice before it is made, so Back and a shared link work', () => {
    expect(stepToShow('treatment', all)).toBe('treatment');
    expect(stepToShow('length', all)).toBe('length');
    expect(stepToShow('day', all)).toBe('day');
    expect(stepToShow('time', day)).toBe('time');
    expect(stepToShow('confirm', all)).toBe('confirm');
  });

  it('falls back to the first open choice when the address asks for a step too far ahead or unknown', () => {
    expect(stepToShow('confirm', length)).toBe('day');
    expect(stepToShow('time', length)).toBe('day');
    expect(stepToShow('details', treatment)).toBe('length');
    expect(stepToShow('payment', treatment)).toBe('length');
  });

  it('goes treatment → length → day → time → your details → confirm', () => {
    const order = ['treatment'];
    for (let i = 0; i < 5; i++) order.push(nextStep(order.at(-1) as never));
    expect(order).toEqual(['treatment', 'length', 'day', 'time', 'details', 'confirm']);
    expect(nextStep('confirm')).toBe('confirm');
  });
});

describe('the add-ons step (issue 24)', () => {
  const open = { ...length, extras: false };
  const decided = { ...length, extras: true };
  it('comes after the length when an add-on goes with the treatment, and holds the way until chosen or skipped', () => {
    expect(stepToShow(null, open)).toBe('extras');
    expect(stepToShow('day', open)).toBe('extras');
    expect(stepToShow('confirm', { ...open, day: true, time: true })).toBe('extras');
    expect(stepToShow(null, decided)).toBe('day');
    expect(stepToShow('extras', { ...decided, day: true, time: true })).toBe('extras');
  });

  it('is not there at all when no add-on goes with the treatment: its link goes on to the day', () => {
    expect(stepToShow('extras', length)).toBe('day');
    expect(stepsOf(false)).toEqual(['treatment', 'length', 'day', 'time', 'details', 'confirm']);
    expect(nextStep('length')).toBe('day');
    expect(stepNumber('day')).toBe(3);
  });

  it('counts the steps with it: treatment → length → add-ons → day …, seven in all', () => {
    expect(stepsOf(true)).toHaveLength(7);
    expect(nextStep('length', true)).toBe('extras');
    expect(nextStep('extras', true)).toBe('day');
    expect(stepNumber('day', true)).toBe(4);
  });
});

describe('free times', () => {
  it('are grouped into Morning, Afternoon and Evening on the business’s clock, leaving out empty periods', () => {
    // 1 July: London is on summer time (UTC+1).
    const slots = ['2026-07-01T09:00:00.000Z', '2026-07-01T11:45:00.000Z', '2026-07-01T16:30:00.000Z'];
    expect(groupByPeriod(slots, 'Europe/London')).toEqual([
      { period: 'Morning', slots: ['2026-07-01T09:00:00.000Z'] },
      { period: 'Afternoon', slots: ['2026-07-01T11:45:00.000Z'] },
      { period: 'Evening', slots: ['2026-07-01T16:30:00.000Z'] },
    ]);
    expect(groupByPeriod(['2026-12-01T19:00:00.000Z'], 'Europe/London')).toEqual([
      { period: 'Evening', slots: ['2026-12-01T19:00:00.000Z'] },
    ]);
  });

  it('name the next free day after a day without any', () => {
    expect(nextFreeDay('2026-12-02', ['2026-12-07', '2026-12-01', '2026-12-04'])).toBe('2026-12-04');
    expect(nextFreeDay('2026-12-07', ['2026-12-07'])).toBeNull();
    expect(nextFreeDay(null, ['2026-12-07', '2026-12-03'])).toBe('2026-12-03');
  });
});
