import type { VatObligation } from '@app/shared';
import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { LoadFailed, PageSkeleton, SkeletonRows } from '../../../components/page-skeleton.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useAddressFilters } from '../../../lib/address-filters.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDay, moneyFormatter } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { todayIn } from '../../../lib/zoned-time.ts';
import { connectionQuery, liabilitiesQuery, obligationsQuery, type Period, receiptsQuery } from '../api.ts';
import { ConnectionCard } from '../components/connection-card.tsx';
import { ReceiptsList } from '../components/receipts-list.tsx';
import { ReturnForm } from '../components/return-form.tsx';

/** What HMRC's redirect back to this page means, said once at the top. */
const arrivals: Record<string, { color: string; text: string }> = {
  connected: { color: 'green', text: 'Connected to HMRC.' },
  refused: { color: 'yellow', text: 'HMRC was not given access, so nothing changed.' },
  expired: { color: 'yellow', text: 'That connection attempt is too old or not yours: start again.' },
  failed: { color: 'red', text: 'HMRC did not accept the connection: try again in a moment.' },
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The dates of periods shown: the address's own, else the 12 months to today (HMRC takes a year at a time). */
function usePeriod(today: string): { period: Period; setYear: (year: string) => void } {
  const { params, update } = useAddressFilters();
  const setYear = (year: string) =>
    update(year ? { from: `${year}-01-01`, to: `${year}-12-31` } : { from: null, to: null });
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && DATE.test(from) && DATE.test(to)) return { period: { from, to }, setYear };
  const start = new Date(`${today}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 364);
  return { period: { from: start.toISOString().slice(0, 10), to: today }, setYear };
}

function ObligationRow({
  obligation,
  today,
  preparing,
  onPrepare,
}: {
  obligation: VatObligation;
  today: string;
  preparing: boolean;
  onPrepare: () => void;
}) {
  const open = obligation.status === 'O';
  const ended = obligation.end < today;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      aria-label={`Period ${formatDay(obligation.start)} to ${formatDay(obligation.end)}`}
    >
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>
            {formatDay(obligation.start)} to {formatDay(obligation.end)}
          </Text>
          <Text size="sm">
            {open ? `Due ${formatDay(obligation.due)}` : `Filed, received by HMRC ${formatDay(obligation.received)}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <StatusBadge color={open ? 'orange' : 'green'}>{open ? 'Open' : 'Fulfilled'}</StatusBadge>
          {open && ended && !preparing && (
            <Button size="sm" onClick={onPrepare}>
              Prepare return
            </Button>
          )}
          {open && !ended && <Text size="sm">Can be filed after {formatDay(obligation.end)}</Text>}
        </Group>
      </Group>
    </Paper>
  );
}

function HmrcAccount({ period, money }: { period: Period; money: (pence: number) => string }) {
  const query = useQuery(liabilitiesQuery(period));
  if (query.isPending) return <SkeletonRows label="Loading HMRC account…" rows={2} />;
  if (query.isError) return <LoadFailed what="HMRC account" error={query.error} onRetry={() => query.refetch()} />;
  const { liabilities, payments } = query.data;
  if (!liabilities.length && !payments.length)
    return <Text c="dimmed">HMRC shows nothing owed or paid in these dates.</Text>;
  return (
    <Stack gap={4}>
      {liabilities.map((item) => (
        <Text size="sm" key={`${item.from}-${item.type}`}>
          {item.type} for {formatDay(item.from)} to {formatDay(item.to)}: {money(item.originalAmount)}
          {item.outstandingAmount !== null ? `, ${money(item.outstandingAmount)} outstanding` : ''}
          {item.due ? `, due ${formatDay(item.due)}` : ''}
        </Text>
      ))}
      {payments.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: HMRC gives payments no id
        <Text size="sm" key={index}>
          Payment of {money(item.amount)}
          {item.received ? ` received ${formatDay(item.received)}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** Filing the VAT return with HMRC from the books. */
export function VatReturnsPage() {
  usePageTitle('VAT returns');
  const { data: config } = usePublicConfig();
  const today = todayIn(config?.timeZone ?? 'Europe/London');
  const money = moneyFormatter(config?.locale ?? 'en-GB', config?.currency ?? 'GBP');
  const { params, update } = useAddressFilters();
  const arrival = arrivals[params.get('hmrc') ?? ''];
  const { period, setYear } = usePeriod(today);
  const connection = useQuery(connectionQuery());
  const connected = connection.data?.connected === true;
  const obligations = useQuery({ ...obligationsQuery(period), enabled: connected });
  const receipts = useQuery(receiptsQuery());
  const [preparing, setPreparing] = useState<string | null>(null);
  const thisYear = Number(today.slice(0, 4));
  // Back to 2000: an old period may still be open with HMRC, or a receipt wanted again.
  const years = Array.from({ length: thisYear - 1999 }, (_, index) => String(thisYear - index));

  if (connection.isPending) return <PageSkeleton label="Loading VAT returns…" />;
  return (
    <BackOfficePage title="VAT returns">
      {arrival && (
        <DismissibleAlert color={arrival.color} onDismiss={() => update({ hmrc: null })}>
          {arrival.text}
        </DismissibleAlert>
      )}
      {connection.isError ? (
        <LoadFailed what="The HMRC connection" error={connection.error} onRetry={() => connection.refetch()} />
      ) : (
        <ConnectionCard connection={connection.data} />
      )}
      {connected && (
        <Stack gap="sm" component="section" aria-labelledby="vat-periods">
          <Group justify="space-between" align="flex-end">
            <Title order={2} id="vat-periods">
              VAT periods
            </Title>
            <NativeSelect
              label="Periods in"
              value={params.get('from')?.endsWith('-01-01') ? params.get('from')?.slice(0, 4) : ''}
              data={[
                { value: '', label: 'The last 12 months' },
                ...years.map((year) => ({ value: year, label: year })),
              ]}
              onChange={(event) => setYear(event.currentTarget.value)}
            />
          </Group>
          {obligations.isPending ? (
            <SkeletonRows label="Asking HMRC for your VAT periods…" rows={3} height={64} />
          ) : obligations.isError ? (
            <LoadFailed what="Your VAT periods" error={obligations.error} onRetry={() => obligations.refetch()} />
          ) : obligations.data.obligations.length === 0 ? (
            <Text c="dimmed">HMRC lists no VAT period in these dates.</Text>
          ) : (
            <ul aria-label="VAT periods" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
              {obligations.data.obligations.map((obligation) => (
                <ObligationRow
                  key={obligation.periodKey}
                  obligation={obligation}
                  today={today}
                  preparing={preparing === obligation.periodKey}
                  onPrepare={() => setPreparing(obligation.periodKey)}
                />
              ))}
            </ul>
          )}
          {obligations.data?.obligations
            .filter((obligation) => obligation.periodKey === preparing && obligation.status === 'O')
            .map((obligation) => (
              <ReturnForm
                key={obligation.periodKey}
                obligation={obligation}
                money={money}
                onFiled={() => setPreparing(null)}
              />
            ))}
          <Title order={2}>HMRC account</Title>
          <HmrcAccount period={period} money={money} />
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="vat-receipts">
        <Title order={2} id="vat-receipts">
          Filed returns
        </Title>
        {receipts.isPending ? (
          <SkeletonRows label="Loading filed returns…" rows={2} />
        ) : receipts.isError ? (
          <LoadFailed what="Filed returns" error={receipts.error} onRetry={() => receipts.refetch()} />
        ) : (
          <ReceiptsList receipts={receipts.data} money={money} />
        )}
      </Stack>
    </BackOfficePage>
  );
}
