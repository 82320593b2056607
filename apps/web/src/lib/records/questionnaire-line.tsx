import { type QuestionnaireStatus, questionnaireStatusLabels } from '@app/shared';
import { Text } from '@mantine/core';

/** The day's list's line on a booking: where the client's health questionnaire stands; red when a red flag is open. */
export function QuestionnaireLine({ status }: { status: QuestionnaireStatus | undefined }) {
  if (!status) return null;
  return (
    <Text size="sm" c={status === 'red_flag' ? 'red' : 'var(--app-muted)'} fw={status === 'red_flag' ? 700 : undefined}>
      {questionnaireStatusLabels[status]}
    </Text>
  );
}
