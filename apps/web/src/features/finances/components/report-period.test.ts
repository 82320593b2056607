import { describe, expect, it } from 'vitest';
import { rangeOf } from './report-period.ts';

const none = { from: null, to: null };

describe('report periods', () => {
  it('turns each preset into the dates it stands for on the business’s today', () => {
    expect(rangeOf('month', '2024-02-10', none)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(rangeOf('quarter', '2025-11-22', none)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(rangeOf('quarter', '2025-05-01', none)).toEqual({ from: '2025-04-01', to: '2025-06-30' });
    expect(rangeOf('year', '2025-11-22', none)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(rangeOf('last-year', '2025-01-01', none)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('keeps custom dates from the address and falls back to this year when they are not dates', () => {
    expect(rangeOf('custom', '2025-11-22', { from: '2023-04-06', to: '2024-04-05' })).toEqual({
      from: '2023-04-06',
      to: '2024-04-05',
    });
    expect(rangeOf('custom', '2025-11-22', { from: 'soon', to: '2024-04-05' })).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });
});
