import { Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { ComposeEmailForm } from '../../../components/emails/compose-email-form.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { customerExportUrl, customerQuery } from '../api.ts';
import { AuditTrail } from '../components/audit-trail.tsx';
import { BookingHistory, EmailList, PaymentList } from '../components/customer-history.tsx';
import { CustomerProfileForm } from '../components/customer-profile-form.tsx';
import { EraseCustomerButton } from '../components/erase-customer-button.tsx';
import { PolicyBadge } from '../components/policy-badge.tsx';
import { PolicySwitch } from '../components/policy-switch.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /customers/:uid — one customer: profile, policy, tags and notes, history, audit, export, erasure, an email. */
export function CustomerPage() {
  const { uid = '' } = useParams();
  const detail = useQuery(customerQuery(uid));
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const [composing, setComposing] = useState(false);
  usePageTitle(detail.data ? detail.data.customer.name : 'Customer');

  if (detail.isPending) return <PageSkeleton label="Loading the customer" />;
  if (detail.isError)
    return (
      <Container py="xl">
        <Stack gap="sm" align="flex-start" role="alert">
          <Title order={1}>Customer</Title>
          <Text>
            {detail.error instanceof ApiError && detail.error.status === 404
              ? 'This customer does not exist (or was erased).'
              : detail.error.message}
          </Text>
          <Anchor component={Link} to="/customers">
            Back to customers
          </Anchor>
        </Stack>
      </Container>
    );

  const { customer, bookings, payments, emails, audit } = detail.data;
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Anchor component={Link} to="/customers" size="sm" py={4} style={{ alignSelf: 'flex-start' }}>
          ← Customers
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {customer.name}
          </Title>
          <PolicyBadge policy={customer.policy} />
        </Group>
        <Stack gap={2}>
          <Group gap="xs">
            <Anchor href={`mailto:${customer.email}`} style={{ overflowWrap: 'anywhere' }}>
              {customer.email}
            </Anchor>
            <Badge variant="outline" color="gray" radius="sm" c="var(--mantine-color-text)">
              {customer.emailVerified ? 'Verified' : 'Not verified'}
            </Badge>
          </Group>
          {customer.phone && <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor>}
          <Text size="sm">
            Customer since{' '}
            {new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone }).format(new Date(customer.createdAt))}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button onClick={() => setComposing(true)}>Email this customer</Button>
          <Button component="a" href={customerExportUrl(customer.id)} download variant="default">
            Download data
          </Button>
          <EraseCustomerButton uid={customer.id} name={customer.name} />
        </Group>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section id="policy-heading" title="Policy">
            <PolicySwitch uid={customer.id} policy={customer.policy} />
          </Section>
          <Section id="notes-heading" title="Tags and private notes">
            <CustomerProfileForm uid={customer.id} tags={customer.tags} privateNotes={customer.privateNotes} />
          </Section>
          <Section id="bookings-heading" title={`Bookings (${bookings.length})`}>
            <BookingHistory bookings={bookings} timeZone={timeZone} />
          </Section>
          <Section id="payments-heading" title="Payments">
            <PaymentList payments={payments} timeZone={timeZone} />
          </Section>
          <Section id="emails-heading" title="Emails">
            <EmailList emails={emails} timeZone={timeZone} />
          </Section>
          <Section id="audit-heading" title="Audit trail">
            <AuditTrail entries={audit} />
          </Section>
        </SimpleGrid>
      </Stack>
      <AppModal opened={composing} onClose={() => setComposing(false)} title={`Email ${customer.name}`} size="lg">
        <ComposeEmailForm recipient={customer} />
      </AppModal>
    </Container>
  );
}
