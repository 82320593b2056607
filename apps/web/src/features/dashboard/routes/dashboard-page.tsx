import { Anchor, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TallLink } from '../../../components/tall-link.tsx';
import { formatShortDateTime } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { dashboardQuery, setupQuery } from '../api.ts';
import { Figures } from '../components/figures.tsx';
import { LastBackup, NoticesBanner } from '../components/notices-banner.tsx';
import { PendingRequests } from '../components/pending-requests.tsx';
import { StaleCalendars } from '../components/stale-calendars.tsx';
import { Timeline } from '../components/timeline.tsx';
import { Today } from '../components/today.tsx';

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function DashboardSkeleton() {
  return (
    <Grid gap="md" role="status" aria-label="Loading the dashboard">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Skeleton h={320} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Skeleton h={180} radius="md" />
          <Skeleton h={120} radius="md" />
          <Skeleton h={100} radius="md" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /dashboard — the owner's day: what is coming, what waits for a decision, how the business is doing. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const dashboard = useQuery(dashboardQuery);
  const setup = useQuery(setupQuery);

  return (
    <BackOfficePage title="Dashboard" wide>
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <LoadError
          title="The dashboard could not be loaded"
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
        />
      ) : (
        <>
          {/* The morning view: today first; setting up and backups in one banner below it, in the owner's words. */}
          <Today
            bookings={dashboard.data.timeline}
            takings={dashboard.data.takings}
            today={dashboard.data.today}
            timeZone={dashboard.data.timeZone}
            pendingCount={dashboard.data.pending.length}
          />
          <NoticesBanner setup={setup.data} backup={dashboard.data.backup} timeZone={dashboard.data.timeZone} />
          <StaleCalendars calendars={dashboard.data.staleCalendars ?? []} timeZone={dashboard.data.timeZone} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
              <Stack gap="md">
                <Panel title={`Waiting for approval (${dashboard.data.pending.length})`} id="pending-title">
                  <PendingRequests
                    bookings={dashboard.data.pending}
                    timeZone={dashboard.data.timeZone}
                    emailEnabled={setup.data?.emailEnabled ?? true}
                  />
                </Panel>
                <Panel title="New customers" id="customers-title">
                  {dashboard.data.newCustomers.length === 0 ? (
                    <Text>No new customers this week.</Text>
                  ) : (
                    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                      {dashboard.data.newCustomers.map((customer) => (
                        <li key={customer.id}>
                          <Anchor
                            component={Link}
                            to={`/customers/${encodeURIComponent(customer.id)}`}
                            underline="always"
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {customer.name}
                          </Anchor>{' '}
                          <Text span size="sm" c="var(--app-muted)" style={{ overflowWrap: 'anywhere' }}>
                            {customer.email}
                          </Text>
                        </li>
                      ))}
                    </Stack>
                  )}
                </Panel>
                <Panel title={setup.data?.emailEnabled === false ? 'Emails' : 'Emails that failed'} id="emails-title">
                  {setup.data?.emailEnabled === false ? (
                    <Stack gap="xs" align="flex-start">
                      <Text>
                        {setup.data.emailsKept === 1
                          ? '1 email kept, not sent'
                          : `${setup.data.emailsKept} emails kept, not sent`}
                        : no mail server is set up, so nothing reaches your clients.
                      </Text>
                      <TallLink to="/emails">Set up email</TallLink>
                    </Stack>
                  ) : dashboard.data.failedEmails.length === 0 ? (
                    <Text>Every email went out.</Text>
                  ) : (
                    <Stack gap="xs">
                      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                        {dashboard.data.failedEmails.map((email) => (
                          <li key={email.id}>
                            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {email.subject} — {email.recipient}
                            </Text>
                            <Text size="sm" c="var(--app-muted)">
                              {formatShortDateTime(email.createdAt, dashboard.data.timeZone)}:{' '}
                              {email.lastError ?? 'no error given'}
                            </Text>
                          </li>
                        ))}
                      </Stack>
                      <TallLink to="/emails">Open the emails to resend them</TallLink>
                    </Stack>
                  )}
                </Panel>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
              <Stack gap="md">
                <Panel title="Next eight days" id="timeline-title">
                  <Timeline
                    bookings={dashboard.data.timeline}
                    today={dashboard.data.today}
                    timeZone={dashboard.data.timeZone}
                  />
                </Panel>
                <Panel title="Figures" id="figures-title">
                  <Figures figures={dashboard.data.figures} />
                </Panel>
              </Stack>
            </Grid.Col>
          </Grid>
          <LastBackup backup={dashboard.data.backup} timeZone={dashboard.data.timeZone} />
        </>
      )}
    </BackOfficePage>
  );
}
