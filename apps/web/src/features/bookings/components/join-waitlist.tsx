import { WAITLIST_MAX_DAYS, type WaitlistDays, waitlistDayKinds, waitlistDayLabels } from '@app/shared';
import { Button, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SignInForm } from '../../../components/auth/sign-in-form.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useJoinWaitlist } from '../../../lib/waitlist/api.ts';
import { addDays } from '../../../lib/zoned-time.ts';

type JoinWaitlistProps = { serviceId: string; durationMinutes: number; day: string; locale?: string };

/**
 * Under a day with no free times: the client joins the waitlist for this treatment over the days
 * and hours that suit, and is emailed when a time comes free. Signing in is asked first (the offer's link books in
 * their account). The owner and the lodger book otherwise and see nothing here.
 */
export function JoinWaitlist({ serviceId, durationMinutes, day, locale }: JoinWaitlistProps) {
  const { role } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [joined, setJoined] = useState(false);
  if (role === 'admin' || role === 'lodger') return null;
  if (joined)
    return (
      <Text size="sm" role="status">
        You are on the waitlist. We will email you when a time comes free.{' '}
        <Link to="/bookings">See it on My bookings</Link>.
      </Text>
    );
  return (
    <>
      <Button size="sm" variant="default" onClick={() => setOpen(true)}>
        Join the waitlist
      </Button>
      <AppModal opened={open} onClose={() => setOpen(false)} title="Join the waitlist">
        {role === null ? (
          <Stack gap="sm">
            <Text size="sm">Sign in first: the time we offer you is booked in your account with one tap.</Text>
            <SignInForm />
          </Stack>
        ) : (
          <WaitlistForm
            serviceId={serviceId}
            durationMinutes={durationMinutes}
            day={day}
            locale={locale}
            onJoined={() => {
              setOpen(false);
              setJoined(true);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </AppModal>
    </>
  );
}

function WaitlistForm({
  serviceId,
  durationMinutes,
  day,
  locale,
  onJoined,
  onCancel,
}: JoinWaitlistProps & { onJoined: () => void; onCancel: () => void }) {
  const join = useJoinWaitlist();
  const [fromDate, setFromDate] = useState(day);
  const [toDate, setToDate] = useState(addDays(day, 13));
  const [days, setDays] = useState<WaitlistDays>('any');
  const [fromTime, setFromTime] = useState('09:00');
  const [toTime, setToTime] = useState('21:00');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        join
          .mutateAsync({ serviceId, durationMinutes, fromDate, toDate, days, fromTime, toTime })
          .then(onJoined, () => {});
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          We email you when a time comes free that suits you ({durationMinutes} minutes, from{' '}
          {formatLongDate(fromDate || day, locale)}). The first to book it gets it.
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <TextField type="date" label="From" value={fromDate} min={day} onChange={setFromDate} required />
          <TextField
            type="date"
            label="To"
            value={toDate}
            min={fromDate}
            max={addDays(fromDate || day, WAITLIST_MAX_DAYS)}
            onChange={setToDate}
            required
          />
        </SimpleGrid>
        <Select
          label="Days"
          data={waitlistDayKinds.map((kind) => ({ value: kind, label: waitlistDayLabels[kind] }))}
          value={days}
          onChange={(value) => setDays((value as WaitlistDays | null) ?? 'any')}
          allowDeselect={false}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextField type="time" label="Starting from" value={fromTime} onChange={setFromTime} required />
          <TextField type="time" label="Starting by" value={toTime} onChange={setToTime} required />
        </SimpleGrid>
        <FailureAlert error={join.error} />
        <DialogActions keepLabel="Cancel" onKeep={onCancel}>
          <Button type="submit" loading={join.isPending}>
            Join the waitlist
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
