import { type Question, questionKinds, type RecordsSettingsInput } from '@app/shared';
import { Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { DoneAlert } from '../../../components/done-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { PageFormSubmit } from '../../../components/page-form-submit.tsx';
import { LoadFailed, PageSkeleton } from '../../../components/page-skeleton.tsx';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { recordsSettingsQuery, useSaveRecordsSettings } from '../../../lib/records/api.ts';
import { commaList, questionEdits } from '../components/question-drafts.ts';
import { ScreeningSettingsForm } from '../components/screening-settings.tsx';

const kindLabels: Record<Question['kind'], string> = { yes_no: 'Yes or no', choice: 'A choice', text: 'Text' };

/**
 * /questionnaire — the owner's health questionnaire: the questions (yes/no, a choice or text), which answers are red
 * flags, the consent the client signs, how often it is asked again and how long records are kept.
 */
export function QuestionnaireSettingsPage() {
  usePageTitle('Health questionnaire');
  const settings = useQuery(recordsSettingsQuery);
  const save = useSaveRecordsSettings();
  const [draft, setDraft] = useState<RecordsSettingsInput | null>(null);
  const [done, setDone] = useState('');
  useEffect(() => {
    if (settings.data) {
      const { version: _version, ...editable } = settings.data;
      setDraft(editable);
    }
  }, [settings.data]);

  if (settings.isPending || !draft)
    return settings.isError ? (
      <BackOfficePage title="Health questionnaire">
        <LoadFailed what="the questionnaire" error={settings.error} onRetry={() => settings.refetch()} />
      </BackOfficePage>
    ) : (
      <PageSkeleton label="Loading the questionnaire" />
    );
  const { change: setQuestion, remove: removeQuestion } = questionEdits<Question, RecordsSettingsInput>(
    draft,
    setDraft,
  );
  /** A whole number of the settings; an emptied box goes back to the product's default (`fallback`). */
  const wholeNumber = (key: 'renewMonths' | 'retentionYears', fallback: number) => ({
    value: draft[key],
    onChange: (value: string | number) => setDraft({ ...draft, [key]: Number(value) || fallback }),
  });
  return (
    <BackOfficePage title="Health questionnaire">
      <Text size="sm">
        Version {settings.data?.version}. Changing a question or the consent makes a new version; forms already signed
        keep the words the client saw.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setDone('');
          save.mutateAsync(draft).then((saved) => setDone(`Saved (version ${saved.version}).`), ignoreShownError);
        }}
      >
        <Stack gap="md">
          {draft.questions.map((question, index) => (
            <Paper key={question.id} withBorder p="sm" component="fieldset" aria-label={`Question ${index + 1}`}>
              <Stack gap="xs">
                <TextInput
                  label={`Question ${index + 1}`}
                  value={question.label}
                  onChange={(event) => setQuestion(index, { label: event.currentTarget.value })}
                />
                <Group gap="sm" align="flex-end" wrap="wrap">
                  <Select
                    label="Answered by"
                    data={questionKinds.map((kind) => ({ value: kind, label: kindLabels[kind] }))}
                    value={question.kind}
                    onChange={(kind) => kind && setQuestion(index, { kind: kind as Question['kind'] })}
                    allowDeselect={false}
                  />
                  <Checkbox
                    label="Required"
                    checked={question.required}
                    onChange={(event) => setQuestion(index, { required: event.currentTarget.checked })}
                  />
                </Group>
                {question.kind === 'choice' && (
                  <TextInput
                    label="Options, separated by commas"
                    value={question.options.join(', ')}
                    onChange={(event) => setQuestion(index, { options: commaList(event.currentTarget.value) })}
                  />
                )}
                {question.kind === 'text' ? (
                  <Checkbox
                    label="Any answer is a red flag"
                    checked={question.redFlagAnswers.includes('*')}
                    onChange={(event) =>
                      setQuestion(index, { redFlagAnswers: event.currentTarget.checked ? ['*'] : [] })
                    }
                  />
                ) : (
                  <TextInput
                    label="Red-flag answers, separated by commas"
                    description={question.kind === 'yes_no' ? 'yes or no' : 'some of the options'}
                    value={question.redFlagAnswers.join(', ')}
                    onChange={(event) => setQuestion(index, { redFlagAnswers: commaList(event.currentTarget.value) })}
                  />
                )}
                <Group>
                  <Button variant="subtle" color="red" onClick={() => removeQuestion(index)}>
                    Remove this question
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() =>
                setDraft({
                  ...draft,
                  questions: [
                    ...draft.questions,
                    {
                      id: `q${Date.now().toString(36)}`,
                      label: '',
                      kind: 'yes_no',
                      options: [],
                      required: false,
                      redFlagAnswers: [],
                    },
                  ],
                })
              }
            >
              Add a question
            </Button>
          </Group>
          <NoteField
            label="Consent the client signs"
            value={draft.consentText}
            onChange={(consentText) => setDraft({ ...draft, consentText })}
            minRows={3}
          />
          <Group gap="md" wrap="wrap">
            <NumberInput label="Ask again after (months)" min={1} max={60} {...wholeNumber('renewMonths', 12)} />
            <NumberInput
              label="Keep records after the last appointment (years)"
              min={1}
              max={30}
              {...wholeNumber('retentionYears', 8)}
            />
          </Group>
          <DoneAlert message={done} />
          <PageFormSubmit change={save}>Save the questionnaire</PageFormSubmit>
        </Stack>
      </form>
      <ScreeningSettingsForm />
    </BackOfficePage>
  );
}
