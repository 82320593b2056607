import type { PnlColumn, ProfitAndLoss } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfitAndLossTable } from './report-tables.tsx';

const column = (label: string, start: string, end: string): PnlColumn => ({
  label,
  start,
  end,
  income: {
    total: 8000,
    byStyle: { therapeutic: 8000, sensual: 0, other: 0 },
    byType: [{ style: 'therapeutic', serviceType: 'deeptissue', pence: 8000 }],
  },
  expenses: { total: 0, byCategory: [] },
  net: 8000,
});

const iso = (date: Date) => date.toLocaleDateString('en-CA');

describe('ProfitAndLossTable', () => {
  it('marks the period that holds today, and names massage types as the owner reads them', () => {
    const now = new Date();
    const lastYear = new Date(now.getFullYear() - 1, now.getMonth(), 1);
    const nextYear = new Date(now.getFullYear() + 1, now.getMonth(), 1);
    const report: ProfitAndLoss = {
      from: iso(lastYear),
      to: iso(nextYear),
      granularity: 'year',
      periods: [
        column('Last year', iso(lastYear), iso(new Date(now.getFullYear(), now.getMonth(), 0))),
        column('This year', iso(new Date(now.getFullYear(), now.getMonth(), 1)), iso(new Date(nextYear.getTime() - 1))),
      ],
      totals: column('Total', iso(lastYear), iso(nextYear)),
    };
    render(
      <MantineProvider env="test">
        <ProfitAndLossTable report={report} money={{ locale: 'en-GB', currency: 'GBP' }} />
      </MantineProvider>,
    );
    expect(screen.getByRole('columnheader', { name: 'This year' })).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('columnheader', { name: 'Last year' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('rowheader', { name: 'Deep tissue (therapeutic)' })).toBeInTheDocument();
    expect(screen.queryByText(/Deeptissue/)).toBeNull();
  });
});
