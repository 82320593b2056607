import type { CustomerRow } from '@app/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customersQuery } from '../../lib/customers/api.ts';

export type PickedCustomer = Pick<CustomerRow, 'id' | 'name' | 'email'>;

const labelOf = (customer: PickedCustomer) => `${customer.name} (${customer.email})`;

/** A customer found by name, email or phone; the server searches, the list shows its first ten answers. */
export function CustomerPicker({
  value,
  onChange,
  label = 'Customer',
}: {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  label?: string;
}) {
  const [search, setSearch] = useState(value ? labelOf(value) : '');
  const [debounced] = useDebouncedValue(search, 300);
  // Once picked, the box shows the label; only what the owner types is searched.
  const term = value && debounced === labelOf(value) ? '' : debounced.trim();
  const found = useQuery({
    ...customersQuery({ q: term, sort: 'name', order: 'asc', page: 1, pageSize: 10 }),
    enabled: term.length > 0,
  });
  const options = found.data?.customers ?? [];
  const data = [...(value && !options.some((c) => c.id === value.id) ? [value] : []), ...options].map((customer) => ({
    value: customer.id,
    label: labelOf(customer),
  }));

  return (
    <Select
      label={label}
      placeholder="Type a name, email or phone"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value?.id ?? null}
      // The server has already matched name, email or phone; the box must not filter its answer again.
      filter={({ options: all }) => all}
      nothingFoundMessage={term && !found.isFetching ? 'No customer found' : undefined}
      onChange={(id) => {
        const picked = [...options, ...(value ? [value] : [])].find((customer) => customer.id === id) ?? null;
        onChange(picked && { id: picked.id, name: picked.name, email: picked.email });
      }}
    />
  );
}
