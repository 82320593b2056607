import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { SearchField } from '../../../components/list-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
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

  return (
    <BackOfficePage title="Vouchers" actions={<Button onClick={() => setSelling(true)}>Sell a voucher</Button>}>
      {issued && (
        <DismissibleAlert color="teal" title="Voucher issued" role="status" onDismiss={() => setIssued(null)}>
          {issued}
        </DismissibleAlert>
      )}
      <SearchField description="Code, buyer or recipient" value={text} onChange={setText} />
      <PagedList
        query={list}
        loadingLabel="Loading vouchers"
        failedTitle="The vouchers could not be loaded"
        one="voucher"
        many="vouchers"
        empty={q ? 'No voucher matches.' : 'No vouchers yet: sell one with the button above.'}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        wide={wide}
      >
        {(data) => (wide ? <VoucherTable vouchers={data.vouchers} /> : <VoucherCards vouchers={data.vouchers} />)}
      </PagedList>
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
