import { describe, expect, it } from 'vitest';
import { reachUs } from './contact.ts';

describe('how a page tells a client to reach the business', () => {
  it('offers the phone, the email, or both, and nothing when neither is set', () => {
    expect(reachUs({ phone: '020 7946 0000', email: 'hi@example.test' })).toBe(
      'call us on 020 7946 0000 or email hi@example.test',
    );
    expect(reachUs({ phone: '020 7946 0000', email: '' })).toBe('call us on 020 7946 0000');
    expect(reachUs({ phone: ' ', email: 'hi@example.test' })).toBe('email us at hi@example.test');
    expect(reachUs({ phone: '', email: '' })).toBeNull();
  });
});
