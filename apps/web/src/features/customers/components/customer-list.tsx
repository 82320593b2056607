import type { CustomerRow, customerSorts } from '@app/shared';
import { formatPhone } from '@app/shared';
import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { CardList, ListCard, ListTable } from '../../../components/list-table.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import classes from './customer-list.module.css';
import { PolicyBadge } from './policy-badge.tsx';

export type CustomerSort = (typeof customerSorts)[number];
export type SortOrder = 'asc' | 'desc';

type ListProps = {
  customers: CustomerRow[];
  sort: CustomerSort;
  order: SortOrder;
  onSort: (sort: CustomerSort) => void;
};

export const sortLabels: Record<CustomerSort, string> = {
  name: 'Name',
  bookings: 'Bookings',
  spend: 'Spend',
  lastVisit: 'Last visit',
  noShows: 'No-shows',
  createdAt: 'Joined',
};

function formatDay(iso: string | null): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

function Tags({ tags }: { tags: string[] }) {
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray" radius="sm" tt="none" c="var(--mantine-color-text)">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

function SortableHeader({ column, sort, order, onSort }: Omit<ListProps, 'customers'> & { column: CustomerSort }) {
  const active = sort === column;
  const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        {sortLabels[column]}
        <span aria-hidden="true">{active ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The desktop view: one row per customer, every figure a sortable column. */
export function CustomerTable({ customers, ...sorting }: ListProps) {
  return (
    <ListTable
      minWidth={900}
      highlightOnHover
      head={
        <>
          <SortableHeader column="name" {...sorting} />
          <Table.Th>Contact</Table.Th>
          <SortableHeader column="bookings" {...sorting} />
          <SortableHeader column="spend" {...sorting} />
          <SortableHeader column="lastVisit" {...sorting} />
          <SortableHeader column="noShows" {...sorting} />
          <Table.Th>Tags</Table.Th>
          <SortableHeader column="createdAt" {...sorting} />
        </>
      }
    >
      {customers.map((customer) => (
        <Table.Tr key={customer.id} className={classes.row}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Anchor
                component={Link}
                to={`/customers/${encodeURIComponent(customer.id)}`}
                fw={600}
                className={classes.rowLink}
              >
                {customer.name}
              </Anchor>
              {customer.policy !== 'new' && <PolicyBadge policy={customer.policy} />}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{customer.email}</Text>
            {customer.phone && <Text size="sm">{formatPhone(customer.phone)}</Text>}
          </Table.Td>
          <Table.Td>{customer.bookings}</Table.Td>
          <Table.Td>{formatPrice(customer.spendPence)}</Table.Td>
          <Table.Td>{formatDay(customer.lastVisit)}</Table.Td>
          <Table.Td>{customer.noShows}</Table.Td>
          <Table.Td>
            <Tags tags={customer.tags} />
          </Table.Td>
          <Table.Td>{formatDay(customer.createdAt)}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The phone view: a card per customer with the same figures; sorting is offered by the page's select. */
export function CustomerCards({ customers }: { customers: CustomerRow[] }) {
  return (
    <CardList>
      {customers.map((customer) => (
        <ListCard
          key={customer.id}
          aria-label={customer.name}
          className={classes.row}
          title={
            <Anchor
              component={Link}
              to={`/customers/${encodeURIComponent(customer.id)}`}
              fw={600}
              className={classes.rowLink}
              style={{ overflowWrap: 'anywhere' }}
            >
              {customer.name}
            </Anchor>
          }
          aside={customer.policy !== 'new' && <PolicyBadge policy={customer.policy} />}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {customer.email}
          </Text>
          {customer.phone && <Text size="sm">{formatPhone(customer.phone)}</Text>}
          <Text size="sm" mt={4}>
            {customer.bookings} {customer.bookings === 1 ? 'booking' : 'bookings'} · {formatPrice(customer.spendPence)}{' '}
            · last visit {formatDay(customer.lastVisit)}
            {customer.noShows > 0 && ` · ${customer.noShows} no-show${customer.noShows === 1 ? '' : 's'}`}
          </Text>
          {customer.tags.length > 0 && (
            <Group mt={6}>
              <Tags tags={customer.tags} />
            </Group>
          )}
        </ListCard>
      ))}
    </CardList>
  );
}
