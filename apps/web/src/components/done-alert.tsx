import { Alert } from '@mantine/core';

/** What the person's last action did, in a teal alert read out politely; nothing while there is nothing to say. */
export function DoneAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="teal" role="status">
      {message}
    </Alert>
  );
}
