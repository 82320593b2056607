import { type InvoiceDetail, type InvoiceStatus, invoiceStatuses, invoiceStatusLabels } from '@app/shared';
import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { SearchField } from '../../../components/list-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useAddressFilters, useAddressSearch } from '../../../lib/address-filters.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { invoiceSettingsQuery, invoicesQuery } from '../api.ts';
import { BillableBookings } from '../components/billable-bookings.tsx';
import { InvoiceDetails } from '../components/invoice-details.tsx';
import { InvoiceEditor } from '../components/invoice-editor.tsx';
import { InvoiceCards, InvoiceTable } from '../components/invoice-list.tsx';
import { InvoiceSettingsForm } from '../components/invoice-settings-form.tsx';

const PAGE_SIZE = 50;

/**
 * /invoices — every invoice and credit note, with what is owed. An invoice opens in a dialog named by
 * `?invoice=<id>`, so the booking drawer (and a shared link) can open one directly.
 */
export function InvoicesPage() {
  usePageTitle('Invoices');
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const { params, update, page, setPage } = useAddressFilters();
  const openId = params.get('invoice');
  const statusParam = params.get('status') ?? '';
  const status = (invoiceStatuses as readonly string[]).includes(statusParam) ? (statusParam as InvoiceStatus) : '';
  const q = params.get('q') ?? '';
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });

  const [text, setText] = useAddressSearch('q', update, params);
  const [editing, setEditing] = useState<InvoiceDetail | 'new' | null>(null);
  const [choosingBooking, setChoosingBooking] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const list = useQuery(invoicesQuery({ status, q, page, pageSize: PAGE_SIZE }));
  const settings = useQuery(invoiceSettingsQuery);
  const openInvoice = (invoice: InvoiceDetail) => update({ invoice: invoice.id });

  return (
    <BackOfficePage
      title="Invoices"
      actions={
        <Group gap="xs">
          <Button onClick={() => setEditing('new')}>New invoice</Button>
          <Button variant="default" onClick={() => setChoosingBooking(true)}>
            Invoice a booking
          </Button>
          <Button variant="subtle" onClick={() => setSettingsOpen(true)}>
            Settings
          </Button>
        </Group>
      }
    >
      {list.data && (
        <Group gap="lg" aria-label="Amounts owed" role="group">
          <Text>
            Outstanding: <strong>{formatMoney(list.data.totals.outstandingPence)}</strong>
          </Text>
          <Text>
            Overdue: <strong>{formatMoney(list.data.totals.overduePence)}</strong>
          </Text>
        </Group>
      )}

      <Group align="flex-end" gap="sm">
        <SearchField description="Client, email or number" value={text} onChange={setText} grow="1 1 14rem" />
        <FilterSelect
          label="Status"
          all="All"
          value={status}
          options={invoiceStatuses.map((value) => ({ value, label: invoiceStatusLabels[value] }))}
          onChange={(value) => update({ status: value, page: null })}
        />
      </Group>

      <PagedList
        query={list}
        loadingLabel="Loading invoices"
        failedTitle="The invoices could not be loaded"
        one="invoice"
        many="invoices"
        empty={q || status ? 'No invoice matches.' : 'No invoices yet.'}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        wide={wide}
      >
        {(data) => (wide ? <InvoiceTable invoices={data.invoices} /> : <InvoiceCards invoices={data.invoices} />)}
      </PagedList>

      <InvoiceDetails
        // The editor replaces the dialog while it is open: one dialog at a time keeps focus where it should be.
        invoiceId={editing === null ? openId : null}
        onClose={() => update({ invoice: null })}
        onEdit={(invoice) => setEditing(invoice)}
        fullScreen={!wide}
      />
      <InvoiceEditor
        opened={editing !== null}
        onClose={() => setEditing(null)}
        invoice={editing === 'new' || editing === null ? undefined : editing}
        vatRegistered={settings.data?.vatRegistered ?? false}
        vatRatePercent={settings.data?.vatRatePercent ?? 20}
        fullScreen={!wide}
        onSaved={(saved) => {
          setEditing(null);
          openInvoice(saved);
        }}
      />
      <BillableBookings
        opened={choosingBooking}
        onClose={() => setChoosingBooking(false)}
        timeZone={timeZone}
        fullScreen={!wide}
        onCreated={(created) => {
          setChoosingBooking(false);
          openInvoice(created);
        }}
      />
      <InvoiceSettingsForm
        opened={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        settings={settings.data}
        fullScreen={!wide}
      />
    </BackOfficePage>
  );
}
