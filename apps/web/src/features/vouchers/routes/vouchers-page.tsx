import { Alert, Button, Container, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { formatMoney } from '../../invoices/format.ts';
import { vouchersQuery } from '../api.ts';
import { IssueVoucherForm } from '../components/issue-voucher-form.tsx';
import { VoucherCards, VoucherTable } from '../components/voucher-list.tsx';

const PAGE_SIZE = 50;
const readableDescription = { description: { color: 'var(--app-muted)' } };
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** /vouchers — every gift voucher and what is left on it, searched by code or buyer; the owner sells one here. */
export function VouchersPage() {
  usePageTitle('Vouchers');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text, 300);
  const [selling, setSelling] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed search drives the address
  useEffect(() => {
    const next = debounced.trim();
    if (next !== q) update({ q: next, page: null });
  }, [debounced]);

  const list = useQuery(vouchersQuery({ q, page, pageSize: PAGE_SIZE }));
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={1}>Vouchers</Title>
          <Button onClick={() => setSelling(true)}>Sell a voucher</Button>
        </Group>
        {issued && (
          <Alert
            color="teal"
            title="Voucher issued"
            role="status"
            styles={readableTitle}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setIssued(null)}
          >
            {issued}
          </Alert>
        )}
        <TextInput
          type="search"
          label="Search"
          description="Code, buyer or recipient"
          styles={readableDescription}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {list.isPending ? (
          <SkeletonRows label="Loading vouchers" />
        ) : list.isError ? (
          <Alert color="red" title="The vouchers could not be loaded" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text>{list.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => list.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text size="sm" role="status" aria-live="polite">
              {total === 0
                ? q
                  ? 'No voucher matches.'
                  : 'No vouchers yet: sell one with the button above.'
                : `${total} ${total === 1 ? 'voucher' : 'vouchers'}`}
            </Text>
            {total > 0 &&
              (wide ? <VoucherTable vouchers={list.data.vouchers} /> : <VoucherCards vouchers={list.data.vouchers} />)}
            {pages > 1 && (
              <nav aria-label="Pages">
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={(next) => update({ page: next === 1 ? null : String(next) })}
                  siblings={wide ? 1 : 0}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                  getControlProps={(control) => ({
                    'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
                  })}
                />
              </nav>
            )}
          </>
        )}
      </Stack>
      <IssueVoucherForm
        opened={selling}
        onClose={() => setSelling(false)}
        fullScreen={!wide}
        onIssued={(voucher) => {
          setSelling(false);
          setIssued(
            `${voucher.label}, code ${voucher.code}, worth ${formatMoney(voucher.valuePence)}.${
              voucher.emailedAt ? ' It has been emailed.' : ''
            }`,
          );
        }}
      />
    </Container>
  );
}
