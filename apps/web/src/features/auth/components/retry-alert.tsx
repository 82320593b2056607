import { Alert, Button } from '@mantine/core';

/**
 * An account list whose read failed (`query`): why, in the auth client's words (`message` turns the error into
 * them), and a way to ask again.
 */
export function RetryAlert({
  title,
  query,
  message,
}: {
  title: string;
  query: { error: Error | null; refetch: () => unknown };
  message: (error: unknown) => string;
}) {
  return (
    <Alert color="red" role="alert" title={title}>
      {message(query.error)}{' '}
      <Button size="xs" variant="light" onClick={() => query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
