import { Card, type CardProps, Group, Stack, type StackProps, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list's desktop view: a striped table with its header cells (`head`) and a row per item (`children`), scrolling
 * inside its own box on a screen narrower than `minWidth`.
 */
export function ListTable({
  minWidth,
  head,
  children,
  ...table
}: Omit<TableProps, 'children'> & { minWidth: number; head: ReactNode; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" {...table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A list's phone view: a card (`component="li"`) per item, in a list without bullets. */
export function CardList({ children, ...stack }: Omit<StackProps, 'children'> & { children: ReactNode }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} {...stack}>
      {children}
    </Stack>
  );
}

/**
 * One item of a CardList: its name (`title`, often the link that opens it) at the top left, what matters most at a
 * glance (`aside`: its status, its amount) at the top right, then its facts (`children`).
 */
export function ListCard({
  title,
  aside,
  children,
  ...card
}: Omit<CardProps, 'children' | 'title'> & { title: ReactNode; aside: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="li" {...card}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {title}
        {aside}
      </Group>
      {children}
    </Card>
  );
}
