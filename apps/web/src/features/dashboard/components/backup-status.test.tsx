import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackupStatus } from './backup-status.tsx';

const show = (backup: Parameters<typeof BackupStatus>[0]['backup']) =>
  render(
    <MantineProvider env="test">
      <BackupStatus backup={backup} timeZone="Europe/London" />
    </MantineProvider>,
  );

describe('the dashboard line about backups', () => {
  it('says when the last backup was made, on the business clock', () => {
    show({ lastSuccessAt: '2026-01-07T02:30:00.000Z', overdue: false, lastError: null });
    expect(screen.getByText('Last backup: Wed 7 Jan, 02:30')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the last backup is more than two days old', () => {
    show({ lastSuccessAt: '2026-01-07T02:30:00.000Z', overdue: true, lastError: null });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Last backup: Wed 7 Jan, 02:30');
    expect(alert).toHaveTextContent('There has been no backup for more than two days.');
  });

  it('warns when there has never been a backup', () => {
    show({ lastSuccessAt: null, overdue: true, lastError: null });
    expect(screen.getByRole('alert')).toHaveTextContent('No backup yet');
  });

  it('names the problem when the last backup failed', () => {
    show({
      lastSuccessAt: '2026-01-07T02:30:00.000Z',
      overdue: false,
      lastError: 'pg_dump failed: server version mismatch',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The last backup failed: pg_dump failed: server version mismatch',
    );
  });
});
