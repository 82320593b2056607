import { DISCREET_TREATMENT_NAME } from '@app/shared';
import { Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '../../../lib/notifications.ts';
import { emailSettingsQuery, useSaveEmailSettings } from '../api.ts';

/** Beside the templates: whether calendar files, subjects and preview lines name sensual treatments (decision 026). */
export function DiscretionSetting() {
  const settings = useQuery(emailSettingsQuery);
  const save = useSaveEmailSettings();
  const checked = save.isPending
    ? (save.variables?.nameSensualTreatments ?? false)
    : settings.data?.nameSensualTreatments;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} maw={720}>
      <Stack gap="xs">
        <Text fw={600}>Discretion</Text>
        {settings.isPending ? (
          <Skeleton height={24} width="70%" aria-label="Loading the discretion setting" />
        ) : settings.isError ? (
          <Text role="alert" size="sm">
            The discretion setting could not be loaded: {settings.error.message}
          </Text>
        ) : (
          <Switch
            label="Name sensual treatments in calendar files, email subjects and previews"
            description={`Off: a client's calendar, subject lines and lock-screen previews say “${DISCREET_TREATMENT_NAME} — your business”.`}
            checked={checked ?? false}
            disabled={save.isPending}
            onChange={(event) => {
              const nameSensualTreatments = event.currentTarget.checked;
              save.mutate(
                { nameSensualTreatments },
                {
                  onSuccess: () =>
                    notifications.show({
                      message: nameSensualTreatments
                        ? 'Sensual treatments are now named in calendar files and email subjects.'
                        : `Calendar files and email subjects now say “${DISCREET_TREATMENT_NAME}”.`,
                    }),
                  onError: (error) => notifications.show({ color: 'red', message: `Not saved: ${error.message}` }),
                },
              );
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
