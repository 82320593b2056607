import { updateCustomerInput } from '@app/shared';
import { Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { NoteField } from '../../../components/note-field.tsx';
import { readableDescription } from '../../../components/readable-styles.ts';
import { useUpdateCustomer } from '../api.ts';

type Props = { uid: string; tags: string[]; privateNotes: string };

/** Tags and private notes, saved together; the client never sees either. */
export function CustomerProfileForm({ uid, tags: savedTags, privateNotes: savedNotes }: Props) {
  const update = useUpdateCustomer(uid);
  const [tags, setTags] = useState(savedTags);
  const [notes, setNotes] = useState(savedNotes);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // After a save the page's data refreshes: the fields take the stored values, so 'Saved.' stays in view.
  const savedKey = JSON.stringify([savedTags, savedNotes]);
  useEffect(() => {
    const [nextTags, nextNotes] = JSON.parse(savedKey) as [string[], string];
    setTags(nextTags);
    setNotes(nextNotes);
  }, [savedKey]);
  const dirty = JSON.stringify(tags) !== JSON.stringify(savedTags) || notes !== savedNotes;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = updateCustomerInput.safeParse({ tags, privateNotes: notes });
    if (!parsed.success) {
      setError('Tags have at most 30 characters each (20 tags at most); notes at most 5000 characters.');
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (cause) => setError(cause.message),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Tags and private notes">
      <Stack gap="sm">
        <TagsInput
          label="Tags"
          description="Press Enter after each tag"
          styles={readableDescription}
          value={tags}
          onChange={(value) => {
            setTags(value);
            setSaved(false);
          }}
          maxTags={20}
          clearable
        />
        <NoteField
          label="Private notes"
          description="Only you see these"
          styles={readableDescription}
          minRows={3}
          maxLength={5000}
          value={notes}
          onChange={(value) => {
            setNotes(value);
            setSaved(false);
          }}
        />
        {error && (
          <Text c="var(--app-danger-text)" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={update.isPending} disabled={!dirty}>
            Save tags and notes
          </Button>
          {saved && !dirty && (
            <Text size="sm" role="status">
              Saved.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
