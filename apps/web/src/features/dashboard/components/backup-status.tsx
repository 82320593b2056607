import { Alert, Text } from '@mantine/core';
import { formatShortDateTime } from '../../../lib/format.ts';
import type { Dashboard } from '../api.ts';

/** Mantine's coloured alert title is too faint on its light background (axe): the text colour reads. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** "Last backup: …", or a warning when the last good one is more than two days old, missing, or the last failed. */
export function BackupStatus({ backup, timeZone }: { backup: Dashboard['backup']; timeZone: string }) {
  const when = backup.lastSuccessAt ? formatShortDateTime(backup.lastSuccessAt, timeZone) : null;
  if (backup.overdue || backup.lastError)
    return (
      <Alert color="orange" title={when ? `Last backup: ${when}` : 'No backup yet'} role="alert" styles={readableTitle}>
        <Text size="sm">
          {backup.lastError
            ? `The last backup failed: ${backup.lastError}`
            : when
              ? 'There has been no backup for more than two days.'
              : 'There is no backup of the bookings and the books yet.'}{' '}
          The server backs up every night: if this stays, ask whoever looks after your server to check the backups.
        </Text>
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed">
      Last backup: {when}
    </Text>
  );
}
