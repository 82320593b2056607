import { Alert, type AlertProps } from '@mantine/core';

/**
 * Why something the person asked for did not happen, in a red alert read out at once; nothing while it has not
 * failed. `message` turns the error into words (the auth client's codes, say); by default its own message.
 */
export function FailureAlert({
  error,
  message = (failure) => failure.message,
  ...alert
}: Omit<AlertProps, 'children'> & { error: Error | null; message?: (error: Error) => string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" {...alert}>
      {message(error)}
    </Alert>
  );
}
