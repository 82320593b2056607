import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { ListCount, SearchField } from '../../../components/list-header.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useAddressFilters, useAddressSearch } from '../../../lib/address-filters.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { vouchersQuery } from '../api.ts';
import { IssueVoucherForm } from '../components/issue-voucher-form.tsx';
import { VoucherCards, VoucherTable } from '../components/voucher-list.tsx';

const PAGE_SIZE = 50;

/** /vouchers — every gift voucher and what is left on it, searched by code or buyer; the owner sells one here. */
export function VouchersPage() {
  usePageTitle('Vouchers');
  const { params, update, page, setPage } = useAddressFilters();
  const q = params.get('q') ?? '';
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [text, setText] = useAddressSearch('q', update, params);
  const [selling, setSelling] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);

  const list = useQuery(vouchersQuery({ q, page, pageSize: PAGE_SIZE }));
  const total = list.data?.total ?? 0;

  return (
    <BackOfficePage title="Vouchers" actions={<Button onClick={() => setSelling(true)}>Sell a voucher</Button>}>
      {issued && (
        <DismissibleAlert color="teal" title="Voucher issued" role="status" onDismiss={() => setIssued(null)}>
          {issued}
        </DismissibleAlert>
      )}
      <SearchField description="Code, buyer or recipient" value={text} onChange={setText} />
      <QueryState
        query={list}
        loading={<SkeletonRows label="Loading vouchers" />}
        failedTitle="The vouchers could not be loaded"
      >
        {(data) => (
          <>
            <ListCount
              total={total}
              one="voucher"
              many="vouchers"
              empty={q ? 'No voucher matches.' : 'No vouchers yet: sell one with the button above.'}
            />
            {total > 0 &&
              (wide ? <VoucherTable vouchers={data.vouchers} /> : <VoucherCards vouchers={data.vouchers} />)}
            <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={setPage} wide={wide} />
          </>
        )}
      </QueryState>
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
    </BackOfficePage>
  );
}
