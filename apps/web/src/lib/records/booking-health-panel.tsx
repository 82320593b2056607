import {
  bodyAreas,
  type HealthRecord,
  questionnaireStatusLabels,
  type TreatmentNote,
  type TreatmentNoteFields,
} from '@app/shared';
import { Alert, Anchor, Badge, Button, Chip, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailSection } from '../../components/detail-dialog.tsx';
import { DoneAlert } from '../../components/done-alert.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { NoteField } from '../../components/note-field.tsx';
import { formatDateTime } from '../format.ts';
import { Link } from '../links.tsx';
import { ignoreShownError } from '../mutations.ts';
import {
  bookingNotesQuery,
  bookingRecordStatusQuery,
  clientRecordQuery,
  knownAboutClientQuery,
  useAcknowledgeRedFlag,
  useAmendNote,
  useEditNote,
  useWriteNote,
} from './api.ts';

const statusColour = { up_to_date: 'teal', missing: 'gray', due: 'orange', red_flag: 'red' } as const;

/** The booking sheet's part of the practice's records: the questionnaire's state, the red flag, the session notes. */
export function BookingHealthPanel({
  bookingId,
  clientId,
  timeZone,
}: {
  bookingId: string;
  clientId: string | null;
  timeZone: string;
}) {
  if (!clientId)
    return (
      <DetailSection title="Health and treatment notes">
        <Text size="sm" c="var(--app-muted)">
          Booked without a client account: there is no questionnaire or record to keep.
        </Text>
      </DetailSection>
    );
  return (
    <>
      <KnownSection bookingId={bookingId} timeZone={timeZone} />
      <QuestionnaireSection bookingId={bookingId} clientId={clientId} timeZone={timeZone} />
      <NotesSection bookingId={bookingId} clientId={clientId} timeZone={timeZone} />
    </>
  );
}

const policyWords = { new: 'New client', trusted: 'Trusted client', blocked: 'Blocked' } as const;

/** Before accepting a request: what is known of the client (only the owner sees it). */
function KnownSection({ bookingId, timeZone }: { bookingId: string; timeZone: string }) {
  const known = useQuery(knownAboutClientQuery(bookingId));
  if (known.isPending) return <Skeleton height={48} />;
  if (known.isError) return <FailureAlert error={known.error} />;
  const { otherBookings: past, ...client } = known.data;
  const outcomes = [
    [past.completed, 'completed'],
    [past.upcoming, 'upcoming'],
    [past.noShow, 'no-show'],
    [past.cancelledByClient, 'cancelled by the client'],
    [past.cancelledByBusiness, 'cancelled by you'],
  ] as const;
  const seen = outcomes.filter(([count]) => count > 0).map(([count, word]) => `${count} ${word}`);
  return (
    <DetailSection title="What you know of the client">
      <Text size="sm">
        {client.policy ? policyWords[client.policy] : 'No account'} · email{' '}
        {client.emailVerified ? 'verified' : 'not verified'} · phone {client.phone ?? 'not given'}
      </Text>
      <Text size="sm">
        {seen.length ? `Other bookings: ${seen.join(', ')}` : 'No earlier bookings'}
        {client.firstBookedAt ? ` (first on ${formatDateTime(client.firstBookedAt, timeZone)})` : ''}
      </Text>
      {client.privateNotes && <Text size="sm">Your notes: {client.privateNotes}</Text>}
      {client.screeningAnswers.map(({ label, answer }) => (
        <Text size="sm" key={label}>
          {label} <strong>{answer}</strong>
        </Text>
      ))}
      {client.privateReasons.map((entry) => (
        <Text size="sm" key={entry.at + entry.kind}>
          {entry.kind === 'blocked' ? 'Blocked' : 'Declined'} on {formatDateTime(entry.at, timeZone)} (private):{' '}
          {entry.reason}
        </Text>
      ))}
    </DetailSection>
  );
}

function QuestionnaireSection({
  bookingId,
  clientId,
  timeZone,
}: {
  bookingId: string;
  clientId: string;
  timeZone: string;
}) {
  const status = useQuery(bookingRecordStatusQuery(bookingId));
  const [reading, setReading] = useState(false);
  const record = useQuery({ ...clientRecordQuery(clientId), enabled: reading });
  const acknowledge = useAcknowledgeRedFlag();
  const current = status.data;
  const latest: HealthRecord | undefined = record.data?.healthRecords.at(-1);
  return (
    <DetailSection title="Health questionnaire">
      {status.isPending ? (
        <Skeleton height={24} width={220} />
      ) : current ? (
        <Group gap="sm" wrap="wrap">
          <Badge color={statusColour[current.status]} size="lg" variant="light">
            {questionnaireStatusLabels[current.status]}
          </Badge>
          {current.healthRecordId && !reading && (
            <Button variant="default" onClick={() => setReading(true)}>
              Read the questionnaire
            </Button>
          )}
        </Group>
      ) : (
        <FailureAlert error={status.error} />
      )}
      {reading && record.isPending && <Skeleton height={80} />}
      {latest && (
        <Paper withBorder p="sm">
          <Stack gap={4}>
            <Text size="sm" c="var(--app-muted)">
              Signed {formatDateTime(latest.signedAt, timeZone)} by “{latest.signatureName}”
            </Text>
            {latest.answers
              .filter((answer) => answer.answer)
              .map((answer) => (
                <Text
                  key={answer.questionId}
                  size="sm"
                  c={answer.redFlag ? 'red' : undefined}
                  fw={answer.redFlag ? 700 : undefined}
                >
                  {answer.redFlag ? 'Red flag: ' : ''}
                  {answer.label} {answer.answer}
                </Text>
              ))}
          </Stack>
        </Paper>
      )}
      {current?.status === 'red_flag' && current.healthRecordId && latest && (
        <Group>
          <Button
            color="red"
            onClick={() => acknowledge.mutateAsync(current.healthRecordId ?? '').catch(ignoreShownError)}
            loading={acknowledge.isPending}
          >
            I have read the red flag
          </Button>
        </Group>
      )}
      <FailureAlert error={acknowledge.error ?? record.error} />
      <Anchor href={`/api/admin/records/clients/${encodeURIComponent(clientId)}/pdf`} target="_blank" size="sm" py={4}>
        Print the client’s record (PDF)
      </Anchor>
      <Anchor component={Link} to="/questionnaire" size="sm" py={4}>
        Edit the questionnaire
      </Anchor>
    </DetailSection>
  );
}

const emptyNote: TreatmentNoteFields = { subjective: '', objective: '', areas: [], treatment: '', plan: '' };

function NotesSection({ bookingId, timeZone }: { bookingId: string; clientId: string; timeZone: string }) {
  const notes = useQuery(bookingNotesQuery(bookingId));
  const write = useWriteNote();
  const [draft, setDraft] = useState<TreatmentNoteFields>(emptyNote);
  const [done, setDone] = useState('');
  if (notes.isPending) return <Skeleton height={120} />;
  if (notes.isError) return <FailureAlert error={notes.error} />;
  return (
    <DetailSection title="Treatment notes">
      {notes.data.lastPlan && (
        <Alert color="blue" title="Plan from the last session">
          {notes.data.lastPlan}
        </Alert>
      )}
      {notes.data.notes.map((note) => (
        <SavedNote key={note.id} note={note} timeZone={timeZone} />
      ))}
      <DoneAlert message={done} />
      {notes.data.notes.length === 0 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            write.mutateAsync({ ...draft, bookingId }).then(() => {
              setDraft(emptyNote);
              setDone('Note saved. You can change it for 24 hours.');
            }, ignoreShownError);
          }}
        >
          <NoteFields value={draft} onChange={setDraft} />
          <FailureAlert error={write.error} mt="sm" />
          <Button type="submit" size="md" mt="sm" loading={write.isPending}>
            Save note
          </Button>
        </form>
      )}
    </DetailSection>
  );
}

function NoteFields({
  value,
  onChange,
}: {
  value: TreatmentNoteFields;
  onChange: (note: TreatmentNoteFields) => void;
}) {
  const field = (key: 'subjective' | 'objective' | 'treatment' | 'plan', label: string) => (
    <NoteField
      label={label}
      value={value[key]}
      onChange={(text) => onChange({ ...value, [key]: text })}
      maxLength={5000}
      size="md"
    />
  );
  return (
    <Stack gap="sm">
      {field('subjective', 'What the client said (subjective)')}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Areas worked
        </Text>
        <Chip.Group
          multiple
          value={value.areas}
          onChange={(areas) => onChange({ ...value, areas: areas as TreatmentNoteFields['areas'] })}
        >
          <Group gap={6} wrap="wrap">
            {bodyAreas.map((area) => (
              <Chip key={area} value={area} size="md">
                {area}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      {field('objective', 'What you found (objective)')}
      {field('treatment', 'What was done')}
      {field('plan', 'Plan for next time')}
    </Stack>
  );
}

function SavedNote({ note, timeZone }: { note: TreatmentNote; timeZone: string }) {
  const edit = useEditNote();
  const amend = useAmendNote();
  const [editing, setEditing] = useState<TreatmentNoteFields | null>(null);
  const [amendment, setAmendment] = useState('');
  const line = (label: string, text: string) =>
    text ? (
      <Text size="sm">
        <Text span fw={600}>
          {label}:
        </Text>{' '}
        {text}
      </Text>
    ) : null;
  if (editing)
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          edit.mutateAsync({ ...editing, id: note.id }).then(() => setEditing(null), ignoreShownError);
        }}
      >
        <NoteFields value={editing} onChange={setEditing} />
        <FailureAlert error={edit.error} mt="sm" />
        <Group mt="sm">
          <Button type="submit" size="md" loading={edit.isPending}>
            Save changes
          </Button>
          <Button variant="default" size="md" onClick={() => setEditing(null)}>
            Keep as it was
          </Button>
        </Group>
      </form>
    );
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Text size="xs" c="var(--app-muted)">
          Written {formatDateTime(note.createdAt, timeZone)} by {note.authorName}
          {note.locked ? ' · locked' : ' · can be changed for 24 hours'}
        </Text>
        {line('Subjective', note.subjective)}
        {line('Areas', note.areas.join(', '))}
        {line('Objective', note.objective)}
        {line('Treatment', note.treatment)}
        {line('Plan', note.plan)}
        {note.amendments.map((a) => (
          <Text key={a.id} size="sm" fs="italic">
            Amendment {formatDateTime(a.createdAt, timeZone)} by {a.authorName}: {a.text}
          </Text>
        ))}
        {note.locked ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NoteField
              label="Add an amendment"
              value={amendment}
              onChange={setAmendment}
              minRows={1}
              maxLength={5000}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button
              variant="default"
              disabled={!amendment.trim()}
              loading={amend.isPending}
              onClick={() =>
                amend.mutateAsync({ id: note.id, text: amendment }).then(() => setAmendment(''), ignoreShownError)
              }
            >
              Add
            </Button>
          </Group>
        ) : (
          <Group>
            <Button
              variant="default"
              onClick={() =>
                setEditing({
                  subjective: note.subjective,
                  objective: note.objective,
                  areas: note.areas,
                  treatment: note.treatment,
                  plan: note.plan,
                })
              }
            >
              Change the note
            </Button>
          </Group>
        )}
        <FailureAlert error={amend.error} />
      </Stack>
    </Paper>
  );
}
