import { Alert, Button } from '@mantine/core';

/** An account list that did not load: why, in the auth client's words, and a way to ask again. */
export function RetryAlert({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      {message}{' '}
      <Button size="xs" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
