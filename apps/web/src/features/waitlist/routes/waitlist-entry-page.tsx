import { waitlistDayLabels } from '@app/shared';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { SignInForm } from '../../../components/auth/sign-in-form.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useLeaveWaitlist, waitlistEntryQuery } from '../../../lib/waitlist/api.ts';

/** /waitlist/:entryId — the email's leave link: one tap takes the client off the waitlist. */
export function WaitlistEntryPage() {
  usePageTitle('Your waitlist');
  const { entryId = '' } = useParams();
  const { role, isPending } = useCurrentUser();
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Title order={1}>Your waitlist</Title>
        {isPending ? (
          <PageSkeleton />
        ) : role === null ? (
          <Stack gap="sm">
            <Text>Sign in with the account you joined the waitlist with.</Text>
            <SignInForm />
          </Stack>
        ) : (
          <Entry entryId={entryId} />
        )}
      </Stack>
    </Container>
  );
}

function Entry({ entryId }: { entryId: string }) {
  const entry = useQuery(waitlistEntryQuery(entryId));
  const leave = useLeaveWaitlist();
  const [left, setLeft] = useState(false);
  if (left)
    return (
      <Alert color="teal" role="status" title="You have left the waitlist">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">We will not email you about free times for it again.</Text>
          <Button component={Link} to="/book" size="sm" variant="light">
            Book a massage
          </Button>
        </Stack>
      </Alert>
    );
  if (entry.isPending) return <PageSkeleton />;
  if (entry.isError)
    return <LoadError title="Your waitlist could not be loaded" error={entry.error} onRetry={() => entry.refetch()} />;
  const data = entry.data;
  if (data.status !== 'waiting')
    return (
      <Stack gap="sm" align="flex-start">
        <Text>
          {data.status === 'booked' ? 'You booked a time from this waitlist.' : 'You are no longer on this waitlist.'}
        </Text>
        <Button component={Link} to="/bookings" variant="light">
          See my bookings
        </Button>
      </Stack>
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
