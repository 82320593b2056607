import { journalSourceTypes, type ListJournalQuery } from '@app/shared';
import { Button, Container, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { type AddressChanges, pageOf, useAddressFilters } from '../../../lib/address-filters.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { journalQuery, ledgerAccountsQuery, trialBalanceQuery } from '../api.ts';
import { JournalList, sourceLabels } from '../components/journal-list.tsx';
import { TrialBalanceTable } from '../components/trial-balance-table.tsx';

const PAGE_SIZE = 25;
const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

function readParams(params: URLSearchParams) {
  const source = params.get('source');
  return {
    view: params.get('view') === 'balances' ? ('balances' as const) : ('journal' as const),
    from: isDate(params.get('from')),
    to: isDate(params.get('to')),
    account: /^\d{4}$/.test(params.get('account') ?? '') ? (params.get('account') as string) : undefined,
    sourceType: (journalSourceTypes as readonly string[]).includes(source ?? '')
      ? (source as ListJournalQuery['sourceType'])
      : undefined,
    page: pageOf(params),
  };
}

/** /ledger — the journal of every posting, and each account's balance; filters live in the address. */
export function LedgerPage() {
  usePageTitle('Ledger');
  const { params, update: updateAddress, setPage } = useAddressFilters();
  const { view, from, to, account, sourceType, page } = readParams(params);
  /** A new filter or view shows its first page. */
  const update = (changes: AddressChanges) => updateAddress({ ...changes, page: null });
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });

  const accounts = useQuery(ledgerAccountsQuery());
  const journal = useQuery({
    ...journalQuery({ from, to, account, sourceType, page, pageSize: PAGE_SIZE }),
    enabled: view === 'journal',
  });
  const balances = useQuery({ ...trialBalanceQuery({ from, to }), enabled: view === 'balances' });
  const failed = view === 'journal' ? journal.error : balances.error;

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1}>Ledger</Title>
        <SegmentedControl
          aria-label="Ledger view"
          value={view}
          onChange={(value) => update({ view: value === 'balances' ? 'balances' : undefined })}
          data={[
            { value: 'journal', label: 'Journal' },
            { value: 'balances', label: 'Trial balance' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={from ?? ''}
            onChange={(e) => update({ from: e.currentTarget.value })}
          />
          <TextInput type="date" label="To" value={to ?? ''} onChange={(e) => update({ to: e.currentTarget.value })} />
          {view === 'journal' && (
            <>
              <FilterSelect
                label="Account"
                all="All accounts"
                value={account}
                options={(accounts.data ?? []).map((a) => ({ value: a.code, label: `${a.code} ${a.name}` }))}
                onChange={(value) => update({ account: value })}
              />
              <FilterSelect
                label="Kind of entry"
                all="All kinds"
                value={sourceType}
                options={journalSourceTypes.map((type) => ({ value: type, label: sourceLabels[type] }))}
                onChange={(value) => update({ source: value })}
              />
            </>
          )}
          {(from || to || account || sourceType) && (
            <Button
              variant="subtle"
              onClick={() => update({ from: undefined, to: undefined, account: undefined, source: undefined })}
            >
              Clear filters
            </Button>
          )}
        </Group>
        {failed ? (
          <Text c="var(--app-danger-text)" role="alert">
            {failed.message}
          </Text>
        ) : view === 'journal' ? (
          journal.data ? (
            <>
              <Text size="sm">
                {journal.data.total} {journal.data.total === 1 ? 'entry' : 'entries'}
              </Text>
              <JournalList entries={journal.data.entries} />
              <ListPagination
                total={journal.data.total}
                pageSize={PAGE_SIZE}
                page={page}
                onChange={setPage}
                wide={wide}
              />
            </>
          ) : (
            <SkeletonRows label="Loading the journal" />
          )
        ) : balances.data ? (
          <TrialBalanceTable trial={balances.data} />
        ) : (
          <SkeletonRows label="Loading balances" />
        )}
      </Stack>
    </Container>
  );
}
