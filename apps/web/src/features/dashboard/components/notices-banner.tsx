import type { BackupStatus, SetupStatus } from '@app/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatShortDateTime } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { useHideNotices } from '../api.ts';

/**
 * What the owner should see to once, under their day: the setup steps not done yet, and a backup that is missing,
 * late or failed. One compact banner in the owner's words (no command lines), hidden with one tap: the checklist for
 * good, the backup warning until there is a newer one (decision 090).
 */
export function NoticesBanner({
  setup,
  backup,
  timeZone,
}: {
  setup: SetupStatus | undefined;
  backup: BackupStatus;
  timeZone: string;
}) {
  const hide = useHideNotices();
  const stepsLeft = setup && !setup.dismissed ? setup.steps.filter((step) => !step.done) : [];
  const showSetup = stepsLeft.length > 0;
  const showBackup = backup.warning !== null && !backup.warningHidden;
  if (!showSetup && !showBackup) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="notices-title"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      // The warning's edge, as the next appointment's: the text stays on the page's own background (axe, dark too).
      style={{ borderInlineStart: '4px solid var(--mantine-color-orange-filled)' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={2} size="h5" id="notices-title">
            Still to sort out
          </Title>
          <Button
            variant="subtle"
            size="sm"
            miw={44}
            loading={hide.isPending}
            onClick={() => hide.mutate({ setup: showSetup, backupWarning: showBackup ? backup.warning : null })}
            aria-label="Hide these notes"
          >
            Hide
          </Button>
        </Group>
        {showBackup && <BackupWarning backup={backup} timeZone={timeZone} />}
        {showSetup && setup && (
          <Stack gap={6}>
            <Text size="sm">
              Finish setting up your business ({setup.steps.length - stepsLeft.length} of {setup.steps.length} done):
            </Text>
            <Group gap="xs" wrap="wrap">
              {stepsLeft.map((step) => (
                <Button key={step.id} component={Link} to={step.to} variant="default" size="xs">
                  {step.label}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        {hide.isError && (
          <Text size="sm" c="var(--app-danger-text)" role="alert">
            {hide.error.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The backup warning as the owner would say it: what is missing, since when, and who can fix it. */
function BackupWarning({ backup, timeZone }: { backup: BackupStatus; timeZone: string }) {
  const lastGood = backup.lastSuccessAt ? formatShortDateTime(backup.lastSuccessAt, timeZone) : null;
  const whoFixes = 'The server makes a copy every night: if this stays, ask whoever looks after your server.';
  if (backup.lastError)
    return (
      <Stack gap={2}>
        <Text size="sm">
          <strong>The last backup did not work.</strong>{' '}
          {lastGood ? `Your last good copy is from ${lastGood}.` : 'There is no good copy yet.'} {whoFixes}
        </Text>
        <Text size="xs" c="var(--app-muted)" style={{ overflowWrap: 'anywhere' }}>
          What to tell them: {backup.lastError}
        </Text>
      </Stack>
    );
  return (
    <Text size="sm">
      <strong>
        {lastGood ? 'No backup for more than two days.' : 'There is no backup of your bookings and books yet.'}
      </strong>{' '}
      {lastGood && `The last copy of your bookings and books is from ${lastGood}. `}
      {whoFixes}
    </Text>
  );
}

/** A quiet line at the foot of the dashboard: when the last backup was made, even once a warning is hidden. */
export function LastBackup({ backup, timeZone }: { backup: BackupStatus; timeZone: string }) {
  return (
    <Text size="sm" c="var(--app-muted)">
      {backup.lastSuccessAt
        ? `Last backup: ${formatShortDateTime(backup.lastSuccessAt, timeZone)}`
        : 'No backup has been made yet.'}
    </Text>
  );
}
