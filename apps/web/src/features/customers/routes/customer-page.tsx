import { formatPhone } from '@app/shared';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { DetailPage, PageSection } from '../../../components/detail-page.tsx';
import { ComposeEmailForm } from '../../../components/emails/compose-email-form.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { PrivateReasons } from '../../../lib/records/private-reasons.tsx';
import { customerExportUrl, customerQuery } from '../api.ts';
import { AuditTrail } from '../components/audit-trail.tsx';
import { BookingHistory, EmailList, PaymentList } from '../components/customer-history.tsx';
import { CustomerProfileForm } from '../components/customer-profile-form.tsx';
import { EraseCustomerButton } from '../components/erase-customer-button.tsx';
import { PolicyBadge } from '../components/policy-badge.tsx';
import { PolicySwitch } from '../components/policy-switch.tsx';

/** /customers/:uid — one customer: profile, policy, tags and notes, history, audit, export, erasure, an email. */
export function CustomerPage() {
  const { uid = '' } = useParams();
  const detail = useQuery(customerQuery(uid));
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const [composing, setComposing] = useState(false);
  usePageTitle(detail.data ? detail.data.customer.name : 'Customer');

  return (
    <DetailPage
      query={detail}
      noun="Customer"
      missing="This customer does not exist (or was erased)."
      list={{ to: '/customers', name: 'Customers' }}
      title={(data) => data.customer.name}
      badge={(data) => <PolicyBadge policy={data.customer.policy} />}
    >
      {({ customer, bookings, payments, emails, audit }) => (
        <>
          <Stack gap={2}>
            <Group gap="xs">
              <Anchor href={`mailto:${customer.email}`} style={{ overflowWrap: 'anywhere' }}>
                {customer.email}
              </Anchor>
              <Badge variant="outline" color="gray" radius="sm" c="var(--mantine-color-text)">
                {customer.emailVerified ? 'Verified' : 'Not verified'}
              </Badge>
            </Group>
            {customer.phone && <Anchor href={`tel:${customer.phone}`}>{formatPhone(customer.phone)}</Anchor>}
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
            <PageSection id="policy-heading" title="Policy">
              <PolicySwitch uid={customer.id} policy={customer.policy} />
              <PrivateReasons clientId={customer.id} blocked={customer.policy === 'blocked'} timeZone={timeZone} />
            </PageSection>
            <PageSection id="notes-heading" title="Tags and private notes">
              <CustomerProfileForm uid={customer.id} tags={customer.tags} privateNotes={customer.privateNotes} />
            </PageSection>
            <PageSection id="bookings-heading" title={`Bookings (${bookings.length})`}>
              <BookingHistory bookings={bookings} timeZone={timeZone} />
            </PageSection>
            <PageSection id="payments-heading" title="Payments">
              <PaymentList payments={payments} timeZone={timeZone} />
            </PageSection>
            <PageSection id="emails-heading" title="Emails">
              <EmailList emails={emails} timeZone={timeZone} />
            </PageSection>
            <PageSection id="audit-heading" title="Audit trail">
              <AuditTrail entries={audit} />
            </PageSection>
          </SimpleGrid>
          <AppModal opened={composing} onClose={() => setComposing(false)} title={`Email ${customer.name}`} size="lg">
            <ComposeEmailForm recipient={customer} />
          </AppModal>
        </>
      )}
    </DetailPage>
  );
}
