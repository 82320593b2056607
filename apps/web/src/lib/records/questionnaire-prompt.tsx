import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../links.tsx';
import { myQuestionnaireQuery } from './api.ts';

/** Asks a client whose health questionnaire is missing or out of date to fill it in before their appointment. */
export function QuestionnairePrompt() {
  const questionnaire = useQuery(myQuestionnaireQuery);
  const status = questionnaire.data?.status;
  if (status === 'up_to_date')
    return (
      <Text size="sm">
        Has something about your health changed?{' '}
        <Anchor component={Link} to="/health-form">
          Update your health questionnaire
        </Anchor>
      </Text>
    );
  if (status !== 'missing' && status !== 'due') return null;
  return (
    <Alert color="blue" title="Your health questionnaire" role="status">
      <Text size="sm" mb="sm">
        {status === 'missing'
          ? 'Before your first appointment, please tell us about your health and sign the consent. It takes two minutes.'
          : 'Your health questionnaire is over a year old: please check it is still right before your appointment.'}
      </Text>
      <Button component={Link} to="/health-form" size="md">
        Fill in the questionnaire
      </Button>
    </Alert>
  );
}
