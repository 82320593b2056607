import type { ScreeningQuestion, ScreeningSettings } from '@app/shared';
import { Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { DoneAlert } from '../../../components/done-alert.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { LoadFailed } from '../../../components/page-skeleton.tsx';
import { ignoreShownError } from '../../../lib/mutations.ts';
import {
  phoneGateQuery,
  screeningSettingsQuery,
  useSavePhoneGate,
  useSaveScreening,
} from '../../../lib/records/screening-api.ts';
import { commaList, questionEdits } from './question-drafts.ts';

const newId = () => `q-${Math.random().toString(36).slice(2, 10)}`;

/** Beside the questionnaire: the few questions a new client is asked right after booking, shown on the booking sheet. */
export function ScreeningSettingsForm() {
  const settings = useQuery(screeningSettingsQuery);
  const save = useSaveScreening();
  const [draft, setDraft] = useState<ScreeningSettings | null>(null);
  const [done, setDone] = useState('');
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  if (settings.isError)
    return <LoadFailed what="the screening questions" error={settings.error} onRetry={() => settings.refetch()} />;
  if (!draft) return null;
  const { change: setQuestion, remove: removeQuestion } = questionEdits<ScreeningQuestion, ScreeningSettings>(
    draft,
    setDraft,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    save.mutateAsync(draft).then(() => setDone('Screening questions saved.'), ignoreShownError);
  };
  return (
    <form onSubmit={submit} aria-label="Screening questions for new clients">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Screening questions for new clients
        </Title>
        <Text size="sm">
          Asked once, right after a new client books; their answers are on the booking sheet under “What you know of the
          client”.
        </Text>
        {draft.questions.map((question, index) => (
          <Paper key={question.id} withBorder p="sm">
            <Stack gap="xs">
              <TextInput
                label={`Screening question ${index + 1}`}
                value={question.label}
                onChange={(event) => setQuestion(index, { label: event.currentTarget.value })}
              />
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Answered by"
                  data={[
                    { value: 'text', label: 'Text' },
                    { value: 'choice', label: 'A choice' },
                  ]}
                  value={question.kind}
                  allowDeselect={false}
                  onChange={(value) => setQuestion(index, { kind: value === 'choice' ? 'choice' : 'text' })}
                />
                {question.kind === 'choice' && (
                  <TextInput
                    label="Options, separated by commas"
                    defaultValue={question.options.join(', ')}
                    onBlur={(event) => setQuestion(index, { options: commaList(event.currentTarget.value) })}
                  />
                )}
                <Button variant="subtle" color="red" onClick={() => removeQuestion(index)}>
                  Remove
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Checkbox
          label="A new client must confirm their email address before their request reaches me"
          description="Until then the booking page tells them their request is not sent yet."
          checked={draft.requireVerifiedEmail}
          onChange={(event) => setDraft({ ...draft, requireVerifiedEmail: event.currentTarget.checked })}
        />
        <PhoneGate />
        <Group>
          <Button
            variant="default"
            disabled={draft.questions.length >= 10}
            onClick={() =>
              setDraft({
                ...draft,
                questions: [...draft.questions, { id: newId(), label: '', kind: 'text', options: [] }],
              })
            }
          >
            Add a screening question
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save the screening questions
          </Button>
        </Group>
        <DoneAlert message={done} />
        <FailureAlert error={save.error} />
      </Stack>
    </form>
  );
}

/** Shown once texts are set up: saved at once, the same option as on the Business page's texts. */
function PhoneGate() {
  const texts = useQuery(phoneGateQuery);
  const save = useSavePhoneGate();
  if (!texts.data?.enabled) return null;
  return (
    <>
      <Checkbox
        label="A new client must verify their mobile number by a texted code first"
        checked={texts.data.requireVerifiedPhone}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      <FailureAlert error={save.error} />
    </>
  );
}
