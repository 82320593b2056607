import { describe, expect, it } from 'vitest';
import { createBookingInput, formatPhone, phoneField } from './bookings.ts';

const problem = 'Enter a phone number we can text, e.g. 07700 900123';

describe('a phone number as the client or the owner types it', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['(07700) 900-123', '+447700900123'],
    ['020 7946 0000', '+442079460000'],
    ['07911 123456', '+447911123456'],
    ['+1 212 555 0100', '+12125550100'],
  ])('keeps %s as %s (E.164, UK by default; drama numbers pass)', (typed, stored) => {
    expect(phoneField.parse(typed)).toBe(stored);
  });

  it.each([
    ['call me maybe'],
    ['0770O 900123'],
    ['12345'],
    ['07700 90'],
    ['020 7946'],
    ['07700 900123 900123 9'],
    ['+44 7700 900123 4567'],
    [''],
    ['   '],
  ])('refuses %j with a message saying what to enter', (typed) => {
    const result = phoneField.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(problem);
  });

  it('stores the booking form number in E.164', () => {
    const parsed = createBookingInput.safeParse({
      serviceId: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      durationMinutes: 60,
      startsAt: '2030-01-07T10:00:00.000Z',
      name: 'Dana',
      phone: '07700 900456',
      idempotencyKey: 'phone-test',
    });
    expect(parsed.success && parsed.data.phone).toBe('+447700900456');
  });

  it('shows a stored number spaced for reading, and an older number as it was kept', () => {
    expect(formatPhone('+447700900111')).toBe('+44 7700 900111');
    expect(formatPhone('07700 900111')).toBe('07700 900111');
  });
});
