import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { formatInstant } from '../../../lib/format.ts';
import { feedsQuery, useCreateFeed, useRevokeFeed } from '../api.ts';

/**
 * The private iCalendar link for a phone's calendar app. The server keeps only a hash of it, so it is shown once,
 * when made; making a new one or revoking stops the old link.
 */
export function CalendarFeeds({ role, timeZone }: { role: 'admin' | 'lodger'; timeZone: string }) {
  const feeds = useQuery(feedsQuery);
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const url = create.data?.url ?? null;

  return (
    <Stack gap="sm">
      <Text size="sm">
        {role === 'admin'
          ? 'Your bookings (client first name and service) in your phone’s calendar.'
          : 'The busy times, without any client detail, in your phone’s calendar.'}{' '}
        Anyone with the link can read it: keep it private.
      </Text>
      {url && (
        <Alert color="teal" title="Your new link (shown only now)" styles={readableTitle}>
          <Stack gap="xs">
            <TextInput
              readOnly
              aria-label="Calendar link"
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group gap="xs">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="default" component="a" href={url.replace(/^https?:/, 'webcal:')}>
                Open in calendar app
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {feeds.data?.feeds.map((feed) => (
        <Paper key={feed.id} withBorder p="xs" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">Active link, made {formatInstant(feed.createdAt, timeZone)}</Text>
            <Button
              size="compact-sm"
              variant="default"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(feed.id, { onSuccess: () => create.reset() })}
            >
              Revoke
            </Button>
          </Group>
        </Paper>
      ))}
      <FailureAlert
        error={create.error ?? revoke.error ?? feeds.error}
        title="That did not work"
        styles={readableTitle}
      />
      <Group>
        <Button variant="light" onClick={() => create.mutate()} loading={create.isPending}>
          {feeds.data?.feeds.length ? 'Make a new link (stops the old one)' : 'Make a calendar link'}
        </Button>
      </Group>
    </Stack>
  );
}
