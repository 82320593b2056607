import { composeEmailInput } from '@app/shared';
import { Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { usePublicConfig } from '../../lib/config/api.ts';
import { useComposeEmail } from '../../lib/emails/api.ts';
import { FailureAlert } from '../failure-alert.tsx';
import { NoteField } from '../note-field.tsx';
import { readableTitle } from '../readable-styles.ts';
import { TextField } from '../text-field.tsx';

type Recipient = { id: string; name: string; email: string };

/**
 * A one-off email to one customer, in plain text; the server adds the business's name and sends it through the
 * outbox like every other email.
 */
export function ComposeEmailForm({ recipient, onSent }: { recipient: Recipient | null; onSent?: () => void }) {
  const compose = useComposeEmail();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string; customerId?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailEnabled = usePublicConfig().data?.emailEnabled ?? true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const parsed = composeEmailInput.safeParse({ customerId: recipient?.id ?? '', subject, body });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        found[field] ??= field === 'customerId' ? 'Choose a customer first' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    compose.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(recipient?.email ?? '');
        setSubject('');
        setBody('');
        onSent?.();
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Compose an email" noValidate>
      <Stack gap="sm">
        {errors.customerId && (
          <Text c="var(--app-danger-text)" size="sm" role="alert">
            {errors.customerId}
          </Text>
        )}
        {recipient && (
          <Text size="sm">
            To: {recipient.name} ({recipient.email})
          </Text>
        )}
        <TextField
          label="Subject"
          required
          value={subject}
          maxLength={200}
          onChange={setSubject}
          error={errors.subject}
        />
        <NoteField
          label="Message"
          required
          minRows={5}
          value={body}
          maxLength={10_000}
          onChange={setBody}
          error={errors.body}
        />
        <FailureAlert error={compose.error} title="The email was not sent" styles={readableTitle} />
        {sentTo !== null && (
          <Text size="sm" role="status">
            {emailEnabled
              ? `Email queued for ${sentTo}.`
              : `Recorded; ${sentTo} was not emailed: no mail server is set up, the email is kept below.`}
          </Text>
        )}
        <Button type="submit" loading={compose.isPending} style={{ alignSelf: 'flex-start' }}>
          Send email
        </Button>
      </Stack>
    </form>
  );
}
