import { Paper, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { CustomerPicker, type PickedCustomer } from '../../../components/customers/customer-picker.tsx';
import { ComposeEmailForm } from '../../../components/emails/compose-email-form.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { OutboxPanel } from '../components/outbox-panel.tsx';
import { TemplatesPanel } from '../components/templates-panel.tsx';

const tabs = ['outbox', 'templates', 'compose'] as const;
type Tab = (typeof tabs)[number];

function ComposePanel() {
  const [recipient, setRecipient] = useState<PickedCustomer | null>(null);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} maw={720}>
      <Stack gap="sm">
        <Text size="sm">A one-off email in plain text; your business name is added at the end.</Text>
        <CustomerPicker value={recipient} onChange={setRecipient} label="To" />
        <ComposeEmailForm recipient={recipient} />
      </Stack>
    </Paper>
  );
}

/** /emails — the outbox and sent log, the templates of every email, and a one-off email to a customer. */
export function EmailsPage() {
  usePageTitle('Emails');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'outbox';

  return (
    <BackOfficePage title="Emails">
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'outbox' ? { tab: value } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="outbox">Outbox and sent</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
          <Tabs.Tab value="compose">Compose</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="outbox">
          <OutboxPanel />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="compose">
          <ComposePanel />
        </Tabs.Panel>
      </Tabs>
    </BackOfficePage>
  );
}
