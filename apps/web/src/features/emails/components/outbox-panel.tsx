import { emailStatusList } from '@app/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ListCount, SearchField } from '../../../components/list-header.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useAddressFilters, useAddressSearch } from '../../../lib/address-filters.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { type EmailStatus, type OutboxEmail, outboxQuery } from '../api.ts';
import { emailStatusLabels } from './email-status-badge.tsx';
import { EmailViewer } from './email-viewer.tsx';
import { OutboxCards, OutboxTable } from './outbox-list.tsx';

export const OUTBOX_PAGE_SIZE = 50;

/** The outbox and sent log, newest first; status, search and page live in the address. */
export function OutboxPanel() {
  const { params, update, page, setPage } = useAddressFilters();
  const statusParam = params.get('status');
  const status = (emailStatusList as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as EmailStatus)
    : null;
  const q = params.get('q') ?? '';
  const [opened, setOpened] = useState<OutboxEmail | null>(null);
  const emailEnabled = usePublicConfig().data?.emailEnabled ?? true;
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });

  const [text, setText] = useAddressSearch('q', update, params);

  const list = useQuery(outboxQuery({ status, q, page, pageSize: OUTBOX_PAGE_SIZE }));
  const total = list.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <FilterSelect
          label="Status"
          all="All"
          value={status}
          options={emailStatusList.map((value) => ({ value, label: emailStatusLabels[value].label }))}
          onChange={(value) => update({ status: value, page: null })}
        />
        <SearchField description="Recipient or subject" value={text} onChange={setText} grow="1 1 14rem" />
        <Button variant="default" onClick={() => list.refetch()} loading={list.isFetching && !list.isPending}>
          Refresh
        </Button>
      </Group>
      {!emailEnabled && (
        <Alert color="yellow" title="Emails are kept here, not sent" role="note">
          No mail server is set up, so nothing reaches your clients. To send emails, set SMTP_URL (for example
          smtp://user:password@smtp.example.com:587) and MAIL_FROM in the server's settings and restart it; then resend
          the emails kept here.
        </Alert>
      )}
      <QueryState query={list} loading={<SkeletonRows label="Loading emails" height={52} />} what="The emails">
        {(data) => (
          <>
            <ListCount
              total={total}
              one="email"
              many="emails"
              empty="No emails match."
              count={(n) => n.toLocaleString('en-GB')}
            />
            {total > 0 &&
              (wide ? (
                <OutboxTable emails={data.emails} onOpen={setOpened} />
              ) : (
                <OutboxCards emails={data.emails} onOpen={setOpened} />
              ))}
            <EmailViewer email={opened} onClose={() => setOpened(null)} />
            <ListPagination total={total} pageSize={OUTBOX_PAGE_SIZE} page={page} onChange={setPage} wide={wide} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
