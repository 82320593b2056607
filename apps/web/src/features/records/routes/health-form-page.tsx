import type { Question } from '@app/shared';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NoteField } from '../../../components/note-field.tsx';
import { PageFormSubmit } from '../../../components/page-form-submit.tsx';
import { Link } from '../../../lib/links.tsx';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { myQuestionnaireQuery, useSubmitHealthForm } from '../../../lib/records/api.ts';

/**
 * /health-form — the client's health questionnaire and consent, signed with their typed full name. Filled in before
 * the first appointment, again once a year (the owner's period) or whenever something changed.
 */
export function HealthFormPage() {
  usePageTitle('Health questionnaire');
  const questionnaire = useQuery(myQuestionnaireQuery);
  const submit = useSubmitHealthForm();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [sent, setSent] = useState(false);

  if (questionnaire.isPending)
    return (
      <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }} aria-busy="true">
        <Stack gap="md">
          <Skeleton height={36} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      </Container>
    );
  if (questionnaire.isError)
    return (
      <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <Alert color="red" role="alert" title="The questionnaire could not be shown">
          <Button variant="default" onClick={() => questionnaire.refetch()}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  const form = questionnaire.data;
  if (sent)
    return (
      <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Title order={1}>Thank you</Title>
          <Alert color="teal" role="status" title="Your questionnaire is signed">
            Only your therapist reads it. If anything about your health changes, fill it in again.
          </Alert>
          <Button component={Link} to="/bookings" size="md" style={{ alignSelf: 'flex-start' }}>
            See my bookings
          </Button>
        </Stack>
      </Container>
    );
  const set = (id: string) => (value: string) => setAnswers((current) => ({ ...current, [id]: value }));
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit
            .mutateAsync({ answers, signatureName: name, consent: consent as true })
            .then(() => setSent(true), ignoreShownError);
        }}
      >
        <Stack gap="md">
          <Title order={1}>Health questionnaire</Title>
          <Text size="sm">
            {form.status === 'up_to_date'
              ? 'Your questionnaire is up to date. Fill it in again if something has changed.'
              : 'Please answer before your appointment. Only your therapist reads your answers.'}
          </Text>
          {form.questions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              value={answers[question.id] ?? ''}
              onChange={set(question.id)}
            />
          ))}
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Consent
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {form.consentText}
              </Text>
              <Checkbox
                label="I have read this and I agree"
                checked={consent}
                onChange={(event) => setConsent(event.currentTarget.checked)}
                size="md"
              />
              <TextInput
                label="Type your full name to sign"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                autoComplete="name"
                size="md"
                required
              />
            </Stack>
          </Paper>
          <PageFormSubmit change={submit}>Sign and send</PageFormSubmit>
        </Stack>
      </form>
    </Container>
  );
}

function QuestionField({
  question,
  value,
  onChange,
}: {
  question: Question;
  value: string;
  onChange: (value: string) => void;
}) {
  if (question.kind === 'text')
    return (
      <NoteField
        label={question.label}
        value={value}
        onChange={onChange}
        maxLength={2000}
        required={question.required}
        size="md"
      />
    );
  const options =
    question.kind === 'yes_no'
      ? [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]
      : question.options.map((option) => ({ value: option, label: option }));
  return (
    <Radio.Group label={question.label} value={value} onChange={onChange} required={question.required} size="md">
      <Group gap="lg" mt={6} wrap="wrap">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} size="md" />
        ))}
      </Group>
    </Radio.Group>
  );
}
