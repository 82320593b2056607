import { type EmailTemplate, emailTemplateInput } from '@app/shared';
import { Alert, Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { NoteField } from '../../../components/note-field.tsx';
import { templatePreviewQuery, useRestoreTemplate, useSaveTemplate } from '../api.ts';

export const PREVIEW_DEBOUNCE_MS = 400;

type Field = 'subject' | 'body';

/** Puts `{{name}}` where the cursor was in the field last used, and returns the new text and cursor. */
export function insertVariable(text: string, start: number, end: number, name: string) {
  const token = `{{${name}}}`;
  return { text: `${text.slice(0, start)}${token}${text.slice(end)}`, cursor: start + token.length };
}

const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/**
 * One template's subject and text with its variables as buttons, a preview the server renders with example values
 * as the owner types, save and restore. The preview's HTML sits in a sandboxed frame: no script, no same origin.
 */
export function TemplateEditor({
  template,
  message,
  onMessage,
}: {
  template: EmailTemplate;
  message: string | null;
  onMessage: (message: string | null) => void;
}) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');
  const save = useSaveTemplate();
  const restore = useRestoreTemplate();
  const dirty = subject !== template.subject || body !== template.body;

  const [draft] = useDebouncedValue({ subject, body }, PREVIEW_DEBOUNCE_MS);
  const previewable = emailTemplateInput.safeParse(draft);
  const preview = useQuery({
    ...templatePreviewQuery(template.kind, previewable.success ? previewable.data : { subject: '', body: '' }),
    enabled: previewable.success,
  });

  const insert = (name: string) => {
    const field = lastField.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const current = field === 'subject' ? subject : body;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const next = insertVariable(current, start, end, name);
    // The new text is in the field before the cursor is put back, in this one task: a key pressed right after the
    // click (a frame later, the cursor was set in an animation frame) landed at the end, where React's write left it.
    flushSync(() => (field === 'subject' ? setSubject : setBody)(next.text));
    onMessage(null);
    element?.focus();
    element?.setSelectionRange(next.cursor, next.cursor);
  };

  const submit = () => {
    onMessage(null);
    const parsed = emailTemplateInput.safeParse({ subject, body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the subject and text.');
      return;
    }
    setError(null);
    // The editor is replaced by one with the saved wording once the list refreshes, so the message is the page's
    // and is set from the promise, which settles even after this editor is gone.
    save
      .mutateAsync({ kind: template.kind, ...parsed.data })
      .then(() => onMessage('Saved. The next email of this kind uses this wording.'))
      .catch((cause: Error) => setError(cause.message));
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="sm">
        <TextInput
          ref={subjectRef}
          label="Subject"
          required
          value={subject}
          onFocus={() => {
            lastField.current = 'subject';
          }}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
            onMessage(null);
          }}
        />
        <NoteField
          ref={bodyRef}
          label="Text"
          required
          minRows={8}
          maxRows={20}
          value={body}
          onFocus={() => {
            lastField.current = 'body';
          }}
          onChange={(value) => {
            setBody(value);
            onMessage(null);
          }}
        />
        <Box role="group" aria-labelledby={`variables-${template.kind}`}>
          <Text size="sm" fw={500} id={`variables-${template.kind}`} mb={4}>
            Insert a variable where the cursor is
          </Text>
          <Group gap={6}>
            {template.variables.map((name) => (
              <Button
                key={name}
                size="compact-sm"
                variant="light"
                radius="xl"
                // Keeps the cursor in the field being edited.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(name)}
              >
                {`{{${name}}}`}
              </Button>
            ))}
          </Group>
        </Box>
        {error && (
          <Alert color="red" title="Not saved" role="alert" styles={readableTitle}>
            {error}
          </Alert>
        )}
        {message && (
          <Text size="sm" role="status" fw={600}>
            {message}
          </Text>
        )}
        <Group gap="sm">
          <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
            Save template
          </Button>
          <Button
            variant="default"
            loading={restore.isPending}
            disabled={template.isDefault}
            onClick={() => {
              onMessage(null);
              setError(null);
              restore
                .mutateAsync(template.kind)
                .then(() => onMessage('The default wording is back.'))
                .catch((cause: Error) => setError(cause.message));
            }}
          >
            Restore default
          </Button>
        </Group>
      </Stack>

      <Paper withBorder p="sm" component="section" aria-labelledby={`preview-${template.kind}`}>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5" id={`preview-${template.kind}`}>
            Preview with example values
          </Title>
          {preview.isFetching && <Loader size="xs" aria-label="Updating the preview" />}
        </Group>
        {!previewable.success ? (
          <Text size="sm">Enter a subject and a text to see the preview.</Text>
        ) : preview.isError ? (
          <Text size="sm" c="var(--app-danger-text)" role="alert">
            The preview could not be made: {preview.error.message}
          </Text>
        ) : preview.data ? (
          <Stack gap="xs">
            {preview.data.unknownVariables.length > 0 && (
              <Alert color="yellow" title="Unknown variables" styles={readableTitle}>
                {preview.data.unknownVariables.map((name) => `{{${name}}}`).join(', ')} will not be filled in. Use the
                buttons to insert the variables this email has.
              </Alert>
            )}
            <Text size="sm">
              <strong>Subject:</strong> <span data-testid="preview-subject">{preview.data.subject}</span>
            </Text>
            <iframe
              title="Preview of the email"
              sandbox=""
              srcDoc={preview.data.html}
              style={{
                width: '100%',
                minHeight: 320,
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 4,
              }}
            />
          </Stack>
        ) : (
          <Loader size="sm" aria-label="Loading the preview" />
        )}
      </Paper>
    </SimpleGrid>
  );
}
