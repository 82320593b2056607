import { customerSorts } from '@app/shared';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { ListCount, SearchField } from '../../../components/list-header.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { pageOf, useAddressFilters, useAddressSearch } from '../../../lib/address-filters.ts';
import { customersQuery } from '../../../lib/customers/api.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import {
  CustomerCards,
  type CustomerSort,
  CustomerTable,
  type SortOrder,
  sortLabels,
} from '../components/customer-list.tsx';

export const CUSTOMERS_PAGE_SIZE = 50;

/** Sorting by a figure starts with the largest; by name, A to Z. */
const firstOrder = (sort: CustomerSort): SortOrder => (sort === 'name' ? 'asc' : 'desc');

function readParams(params: URLSearchParams) {
  const sortParam = params.get('sort');
  const sort = (customerSorts as readonly string[]).includes(sortParam ?? '') ? (sortParam as CustomerSort) : 'name';
  const order: SortOrder =
    params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : firstOrder(sort);
  const page = pageOf(params);
  return { q: params.get('q') ?? '', sort, order, page };
}

/** /customers — everyone who has an account, searchable and sortable; search, sort and page live in the address. */
export function CustomersPage() {
  usePageTitle('Customers');
  const { params, update, setPage } = useAddressFilters();
  const erased = (useLocation().state as { erased?: string } | null)?.erased;
  const { q, sort, order, page } = readParams(params);
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });

  const [text, setText] = useAddressSearch('q', update, params);
  const onSort = (column: CustomerSort) =>
    update({
      sort: column,
      order: column === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrder(column),
      page: null,
    });

  const list = useQuery(customersQuery({ q, sort, order, page, pageSize: CUSTOMERS_PAGE_SIZE }));
  const total = list.data?.total ?? 0;

  return (
    <BackOfficePage title="Customers">
      {erased && (
        <Text role="status" fw={600}>
          {erased} was erased. Their bookings stay, anonymised.
        </Text>
      )}
      <Group align="flex-end" gap="sm">
        <SearchField description="Name, email or phone" value={text} onChange={setText} grow="1 1 16rem" />
        {!wide && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NativeSelect
              label="Sort by"
              value={sort}
              data={customerSorts.map((value) => ({ value, label: sortLabels[value] }))}
              onChange={(event) => {
                const column = event.currentTarget.value as CustomerSort;
                update({ sort: column, order: firstOrder(column), page: null });
              }}
            />
            <NativeSelect
              label="Order"
              value={order}
              data={[
                { value: 'asc', label: 'Ascending' },
                { value: 'desc', label: 'Descending' },
              ]}
              onChange={(event) => update({ order: event.currentTarget.value, page: null })}
            />
          </Group>
        )}
      </Group>

      <QueryState query={list} loading={<SkeletonRows label="Loading customers" />} what="The customers">
        {(data) => (
          <>
            <ListCount
              total={total}
              one="customer"
              many="customers"
              count={(n) => n.toLocaleString('en-GB')}
              suffix={q ? ` matching “${q}”` : ''}
              empty={
                page > 1
                  ? `Page ${page} is past the end of the list.`
                  : q
                    ? `No customer matches “${q}”.`
                    : 'No customers yet.'
              }
            />
            {total === 0 && page > 1 && (
              // The server counts only the rows it returns, so a page past the end reports no total at all.
              <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => update({ page: null })}>
                Back to the first page
              </Button>
            )}
            {total > 0 &&
              (wide ? (
                <CustomerTable customers={data.customers} sort={sort} order={order} onSort={onSort} />
              ) : (
                <CustomerCards customers={data.customers} />
              ))}
            <ListPagination total={total} pageSize={CUSTOMERS_PAGE_SIZE} page={page} onChange={setPage} wide={wide} />
          </>
        )}
      </QueryState>
    </BackOfficePage>
  );
}
