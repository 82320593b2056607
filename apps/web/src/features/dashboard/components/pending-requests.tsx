import type { AdminBooking } from '@app/shared';
import { formatPhone } from '@app/shared';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { formatDuration, formatPrice, formatShortDateTime } from '../../../lib/format.ts';
import { useDecidePending } from '../api.ts';

/**
 * Requests waiting for approval, each approved with one tap. Declining asks for an optional reason first: it is
 * sent to the client and cannot be taken back, so a stray tap on a phone must not do it.
 */
export function PendingRequests({
  bookings,
  timeZone,
  emailEnabled = true,
}: {
  bookings: AdminBooking[];
  timeZone: string;
  /** Without a mail server nothing reaches the client: the messages say so rather than promise an email. */
  emailEnabled?: boolean;
}) {
  const decide = useDecidePending();
  const [declining, setDeclining] = useState<AdminBooking | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const run = (booking: AdminBooking, approve: boolean, why = '') => {
    setDone(null);
    decide.mutate(
      { id: booking.id, approve, reason: why },
      {
        onSuccess: () => {
          setDeclining(null);
          setReason('');
          setDone(
            `${approve ? 'Approved' : 'Declined'}: ${booking.clientName}, ${formatShortDateTime(booking.startsAt, timeZone)}. ${
              emailEnabled
                ? 'The client is emailed.'
                : 'Recorded; the client was not emailed (no mail server is set up).'
            }`,
          );
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <div role="status">{done && <Text size="sm">{done}</Text>}</div>
      {decide.isError && !declining && (
        <Alert color="red" title="That did not work" role="alert" styles={readableTitle}>
          {decide.error.message}
        </Alert>
      )}
      {bookings.length === 0 ? (
        <Text>Nothing waiting for approval.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {bookings.map((booking) => {
            const busy = decide.isPending && decide.variables?.id === booking.id;
            return (
              <Paper component="li" key={booking.id} withBorder p="sm" radius="sm" aria-label={booking.clientName}>
                <Stack gap={6}>
                  <div>
                    <Text fw={600}>{booking.clientName}</Text>
                    <Text size="sm">
                      {formatShortDateTime(booking.startsAt, timeZone)} · {booking.serviceName},{' '}
                      {formatDuration(booking.durationMinutes)}, {formatPrice(booking.pricePence)}
                    </Text>
                    {booking.clientEmail && (
                      <Text size="sm" c="var(--app-muted)" style={{ overflowWrap: 'anywhere' }}>
                        {booking.clientEmail}
                        {booking.clientPhone ? ` · ${formatPhone(booking.clientPhone)}` : ''}
                      </Text>
                    )}
                    {booking.notes && (
                      <Text size="sm" c="var(--app-muted)">
                        “{booking.notes}”
                      </Text>
                    )}
                  </div>
                  <Group gap="xs" grow>
                    <Button
                      color="teal"
                      loading={busy && decide.variables?.approve}
                      disabled={busy}
                      onClick={() => run(booking, true)}
                      aria-label={`Approve ${booking.clientName}`}
                    >
                      Approve
                    </Button>
                    <Button
                      variant="default"
                      disabled={busy}
                      onClick={() => {
                        decide.reset();
                        setDeclining(booking);
                      }}
                      aria-label={`Decline ${booking.clientName}`}
                    >
                      Decline
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <AppModal opened={declining !== null} onClose={() => setDeclining(null)} title="Decline this request?">
        {declining && (
          <Stack gap="sm">
            <Text size="sm">
              {declining.clientName}, {formatShortDateTime(declining.startsAt, timeZone)}.{' '}
              {emailEnabled
                ? 'The client is emailed with your reason.'
                : 'The client is not emailed: no mail server is set up.'}
            </Text>
            <NoteField label="Reason (optional)" value={reason} onChange={setReason} maxLength={500} />
            <FailureAlert error={decide.error} title="That did not work" styles={readableTitle} />
            <DialogActions keepLabel="Keep it" onKeep={() => setDeclining(null)}>
              <Button color="red" loading={decide.isPending} onClick={() => run(declining, false, reason)}>
                Decline request
              </Button>
            </DialogActions>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
