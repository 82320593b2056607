import {
  type TextKind,
  type TextSettings,
  textKindLabels,
  textKinds,
  textSegments,
  textSettingsInput,
  textVariables,
} from '@app/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NoteField } from '../../../components/note-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { textOutboxQuery, textSettingsQuery, useSaveTextSettings } from '../texts-api.ts';
import { PageSection } from './page-section.tsx';

/** "92 characters · 1 text (GSM-7)": what one template costs to send, before its variables are filled in. */
function SegmentCount({ body }: { body: string }) {
  const { encoding, characters, segments } = textSegments(body);
  return (
    <Text size="xs" c="var(--app-muted)" aria-live="polite">
      {characters} characters · {segments} {segments === 1 ? 'text' : 'texts'} ({encoding}
      {encoding === 'UCS-2' ? ': a character outside the basic set makes every text shorter' : ''})
    </Text>
  );
}

function TextsForm({ settings }: { settings: TextSettings }) {
  const save = useSaveTextSettings();
  const [draft, setDraft] = useState({
    hours: settings.reminderHours.join(', '),
    whatsapp: settings.whatsapp,
    templates: settings.templates,
  });
  const [kind, setKind] = useState<TextKind>('booking.confirmed');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  /** Any change to the settings makes "Saved" out of date. */
  const change = (patch: Partial<typeof draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSaved(false);
  };
  const { hours, whatsapp, templates } = draft;

  const submit = () => {
    const reminderHours = hours
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
      .map(Number);
    const parsed = textSettingsInput.safeParse({ reminderHours, whatsapp, templates });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the settings');
    setError(null);
    save.mutate(parsed.data, { onSuccess: () => setSaved(true) });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <TextInput
          label="Reminder texts, hours before"
          description="Up to three, separated by commas, such as 24, 2"
          value={hours}
          onChange={(event) => change({ hours: event.currentTarget.value })}
        />
        <Switch
          label="Send by WhatsApp instead of SMS"
          description="Only when your Twilio sender is approved for WhatsApp."
          checked={whatsapp}
          onChange={(event) => change({ whatsapp: event.currentTarget.checked })}
        />
        <NativeSelect
          label="Text"
          value={kind}
          data={textKinds.map((k) => ({ value: k, label: textKindLabels[k] }))}
          onChange={(event) => setKind(event.currentTarget.value as TextKind)}
        />
        <NoteField
          label={`Wording of “${textKindLabels[kind]}”`}
          description={`Variables: ${textVariables.map((v) => `{${v}}`).join(' ')}. Never name a treatment: texts show on lock screens.`}
          minRows={3}
          value={templates[kind]}
          onChange={(wording) => change({ templates: { ...templates, [kind]: wording } })}
        />
        <SegmentCount body={templates[kind]} />
        {(error || save.isError) && (
          <Alert color="red" title="Not saved" role="alert" styles={readableTitle}>
            {error ?? save.error?.message}
          </Alert>
        )}
        {saved && (
          <Text size="sm" role="status" fw={600}>
            Saved. The next texts use these settings.
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            Save texts
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const statusColours: Record<string, string> = {
  delivered: 'teal',
  sent: 'blue',
  queued: 'yellow',
  sending: 'yellow',
  failed: 'red',
  undelivered: 'red',
  unknown: 'gray',
};

function TextOutbox() {
  const outbox = useQuery(textOutboxQuery);
  const texts = outbox.data?.texts ?? [];
  if (outbox.isError) return <Text size="sm">The texts sent could not be loaded: {outbox.error.message}</Text>;
  if (!outbox.isPending && texts.length === 0) return <Text size="sm">No texts sent yet.</Text>;
  return (
    <Stack gap={6} component="ul" aria-label="Texts sent" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {texts.slice(0, 20).map((text) => (
        <Paper component="li" key={text.id} withBorder p="xs" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {textKindLabels[text.kind]} to {text.recipient}
              </Text>
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {text.body}
              </Text>
              {text.lastError && (
                <Text size="xs" c="var(--app-danger-text)">
                  {text.lastError}
                </Text>
              )}
            </div>
            <Badge color={statusColours[text.status] ?? 'gray'} variant="light">
              {text.status}
            </Badge>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Texts to clients (decision 072): off until Twilio is configured on the server, and said so. */
export function TextsSection() {
  const settings = useQuery(textSettingsQuery);
  return (
    <PageSection
      id="texts-title"
      title="Texts"
      intro="Confirmation, reminder, change and cancellation texts to clients who gave a mobile number and did not choose email only."
    >
      <QueryState
        query={settings}
        loading={<Skeleton h={220} radius="md" aria-label="Loading the text settings" />}
        failedTitle="The text settings could not be loaded"
      >
        {(data) =>
          data.enabled ? (
            <>
              <TextsForm settings={data} />
              <TextOutbox />
            </>
          ) : (
            <Alert color="yellow" title="Texts are off" role="note" styles={readableTitle}>
              No text provider is set up, so no texts are sent. To send them, set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN
              and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID) in the server's settings and restart it.
            </Alert>
          )
        }
      </QueryState>
    </PageSection>
  );
}
