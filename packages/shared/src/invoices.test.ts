import { describe, expect, it } from 'vitest';
import { issueDateProblem } from './invoices.ts';

describe('the issue date of an invoice', () => {
  it('may be today or up to 365 days back, never in the future', () => {
    expect(issueDateProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(issueDateProblem('2026-03-02', '2026-03-01')).toBe('issueDate: An invoice cannot be dated in the future');
    expect(issueDateProblem('2025-03-01', '2026-03-01')).toBeNull(); // 365 days back (2025 is no leap year)
    expect(issueDateProblem('2025-02-28', '2026-03-01')).toBe(
      'issueDate: An invoice cannot be dated more than 365 days back',
    );
    expect(issueDateProblem('2024-03-01', '2025-02-28')).toBeNull(); // 364 days back across 29 February
    expect(issueDateProblem('2024-02-29', '2025-02-28')).toBeNull(); // 365 days back
    expect(issueDateProblem('2024-02-28', '2025-02-28')).not.toBeNull();
  });
});
