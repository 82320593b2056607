import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ignoreShownError } from '../mutations.ts';
import { bookingScreeningQuery, useAnswerScreening } from './screening-api.ts';

/**
 * Right after a new client books: the owner's few screening questions (how they found the business, who referred
 * them). Nothing is shown to a client the owner knows, once answered, or to a guest without an account.
 */
export function ScreeningPrompt({ bookingId }: { bookingId: string }) {
  const screening = useQuery(bookingScreeningQuery(bookingId));
  const answer = useAnswerScreening(bookingId);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <Alert color="teal" role="status">
        Thank you: your answers are with us.
      </Alert>
    );
  const questions = screening.data?.questions ?? [];
  if (questions.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutateAsync({ answers }).then(() => setSent(true), ignoreShownError);
  };
  const set = (id: string, value: string) => setAnswers({ ...answers, [id]: value });
  return (
    <Alert color="blue" title="A few questions before we meet" role="region">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">We ask everyone new to us. Your answers go only to your therapist.</Text>
          {questions.map((question) =>
            question.kind === 'choice' ? (
              <Select
                key={question.id}
                label={question.label}
                data={question.options}
                value={answers[question.id] ?? null}
                onChange={(value) => set(question.id, value ?? '')}
                size="md"
              />
            ) : (
              <TextField
                key={question.id}
                label={question.label}
                value={answers[question.id] ?? ''}
                onChange={(answer) => set(question.id, answer)}
                maxLength={500}
                size="md"
              />
            ),
          )}
          <FailureAlert error={answer.error} />
          <Button type="submit" size="md" loading={answer.isPending} style={{ alignSelf: 'flex-start' }}>
            Send my answers
          </Button>
        </Stack>
      </form>
    </Alert>
  );
}
