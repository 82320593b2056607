import { waitlistDayLabels } from '@app/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DoneNotice, EmailedLinkPage, EndsAtMyBookings } from '../../../components/emailed-link-page.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useLeaveWaitlist, waitlistEntryQuery } from '../../../lib/waitlist/api.ts';

/** /waitlist/:entryId — the email's leave link: one tap takes the client off the waitlist. */
export function WaitlistEntryPage() {
  usePageTitle('Your waitlist');
  const { entryId = '' } = useParams();
  return (
    <EmailedLinkPage title="Your waitlist" signInPrompt="Sign in with the account you joined the waitlist with.">
      <Entry entryId={entryId} />
    </EmailedLinkPage>
  );
}

function Entry({ entryId }: { entryId: string }) {
  const entry = useQuery(waitlistEntryQuery(entryId));
  const leave = useLeaveWaitlist();
  const [left, setLeft] = useState(false);
  if (left)
    return (
      <DoneNotice title="You have left the waitlist" nextTo="/book" nextLabel="Book a massage">
        We will not email you about free times for it again.
      </DoneNotice>
    );
  if (entry.isPending) return <PageSkeleton />;
  if (entry.isError)
    return <LoadError title="Your waitlist could not be loaded" error={entry.error} onRetry={() => entry.refetch()} />;
  const data = entry.data;
  if (data.status !== 'waiting')
    return (
      <EndsAtMyBookings>
        {data.status === 'booked' ? 'You booked a time from this waitlist.' : 'You are no longer on this waitlist.'}
      </EndsAtMyBookings>
    );
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        You are waiting for {data.serviceName}, {data.durationMinutes} minutes, from {formatShortDate(data.fromDate)} to{' '}
        {formatShortDate(data.toDate)} ({waitlistDayLabels[data.days].toLowerCase()}, starting {data.fromTime}–
        {data.toTime}).
      </Text>
      <FailureAlert error={leave.error} />
      <Button
        color="red"
        variant="light"
        loading={leave.isPending}
        onClick={() =>
          leave.mutateAsync(data.id).then(
            () => setLeft(true),
            () => {},
          )
        }
      >
        Leave the waitlist
      </Button>
    </Stack>
  );
}
