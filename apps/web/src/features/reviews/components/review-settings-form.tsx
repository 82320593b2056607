import { reviewSettingsInput } from '@app/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useTextField } from '../../../lib/form-fields.ts';
import { reviewSettingsQuery, useSaveReviewSettings } from '../api.ts';

/** The Google review link the thank-you email offers beside the site's own review page; empty: none. */
export function ReviewSettingsForm() {
  const settings = useQuery(reviewSettingsQuery);
  const save = useSaveReviewSettings();
  const url = useTextField();
  const { setValue: setUrl } = url;
  useEffect(() => {
    if (settings.data) setUrl(settings.data.googleReviewUrl);
  }, [settings.data, setUrl]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = reviewSettingsInput.safeParse({ googleReviewUrl: url.value });
    if (!parsed.success) return url.setError(parsed.error.issues[0]?.message);
    save.mutate(parsed.data);
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          The thank-you email
        </Title>
        <Text size="sm" c="dimmed">
          After a completed visit (never a private treatment), the client is emailed once and asked for a rating and a
          few words. Add your Google review link to offer it in the same email.
        </Text>
        <TextInput
          label="Google review link (optional)"
          placeholder="https://g.page/r/…"
          {...url.props}
          disabled={settings.isPending}
        />
        <FailureAlert error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save link
          </Button>
          {save.isSuccess && (
            <Text size="sm" role="status">
              Saved.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
