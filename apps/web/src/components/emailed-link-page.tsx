import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../lib/links.tsx';
import { useCurrentUser } from '../lib/session.ts';
import { SignInForm } from './auth/sign-in-form.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { QueryState } from './query-state.tsx';

/**
 * A page an email's link lands on (a waitlist offer, leaving the waitlist, a review): its title, then `children` once
 * the client is signed in. Signing in is asked here rather than by the route guard, so the link keeps its place.
 */
export function EmailedLinkPage({
  title,
  signInPrompt,
  children,
}: {
  title: string;
  /** Which account to sign in with, and why. */
  signInPrompt: string;
  children: ReactNode;
}) {
  const { role, isPending } = useCurrentUser();
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {isPending ? (
          <PageSkeleton />
        ) : role === null ? (
          <Stack gap="sm">
            <Text>{signInPrompt}</Text>
            <SignInForm />
          </Stack>
        ) : (
          children
        )}
      </Stack>
    </Container>
  );
}

/**
 * What the link names, read for the signed-in client: `notYours` (and the way to My bookings) when the server has
 * nothing of theirs under it, else QueryState's skeleton, failure with `failedTitle`, or `children` with the data.
 */
export function EmailedLinkQuery<T>({
  query,
  notYours,
  failedTitle,
  children,
}: {
  query: UseQueryResult<T>;
  notYours: ReactNode;
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError && 'status' in query.error && query.error.status === 404)
    return <EndsAtMyBookings>{notYours}</EndsAtMyBookings>;
  return (
    <QueryState query={query} loading={<PageSkeleton />} failedTitle={failedTitle}>
      {children}
    </QueryState>
  );
}

/** Where such a page ends when there is nothing left to do on it: what became of it, and the way to My bookings. */
export function EndsAtMyBookings({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{children}</Text>
      <Button component={Link} to="/bookings" variant="light">
        See my bookings
      </Button>
    </Stack>
  );
}

/** What the client's tap did, said at once, with the one place to go next. */
export function DoneNotice({
  title,
  children,
  nextTo,
  nextLabel,
}: {
  title: string;
  children: ReactNode;
  nextTo: string;
  nextLabel: string;
}) {
  return (
    <Alert color="teal" role="status" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{children}</Text>
        <Button component={Link} to={nextTo} size="sm" variant="light">
          {nextLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
