import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { Link } from '../lib/links.tsx';
import { AppModal } from './app-modal.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { PageSkeleton } from './page-skeleton.tsx';

/** The list a detail page belongs to: its address and its name as a heading ('Customers'). */
type ListOf = { to: string; name: string };

/**
 * A back-office page about one record: the page's skeleton while it loads; when it did not come, why (`missing` when
 * there is no such record) and the way back to its list; then a link back, its title with `badge`, and `children`.
 */
export function DetailPage<T>({
  query,
  noun,
  missing,
  list,
  title,
  badge,
  children,
}: {
  query: UseQueryResult<T>;
  /** What one record is called, as a title: 'Customer'. */
  noun: string;
  missing: string;
  list: ListOf;
  title: (data: T) => string;
  badge?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageSkeleton label={`Loading the ${noun.toLowerCase()}`} />;
  if (query.isError)
    return (
      <Container py="xl">
        <Stack gap="sm" align="flex-start" role="alert">
          <Title order={1}>{noun}</Title>
          <Text>{query.error instanceof ApiError && query.error.status === 404 ? missing : query.error.message}</Text>
          <Anchor component={Link} to={list.to}>
            Back to {list.name.toLowerCase()}
          </Anchor>
        </Stack>
      </Container>
    );
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Anchor component={Link} to={list.to} size="sm" py={4} style={{ alignSelf: 'flex-start' }}>
          ← {list.name}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title(query.data)}
          </Title>
          {badge?.(query.data)}
        </Group>
        {children(query.data)}
      </Stack>
    </Container>
  );
}

/** A bordered part of a detail page under its own heading, which names it. */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * A destructive button that asks first, in a dialog saying what will happen (`children`); the failure is told in the
 * dialog, prefixed by `failed` ('The expense was not deleted').
 */
export function ConfirmedDeleteButton({
  label,
  color,
  question,
  keepLabel,
  confirmLabel,
  failed,
  mutation,
  onConfirm,
  children,
}: {
  label: string;
  color: string;
  question: string;
  keepLabel: string;
  confirmLabel: string;
  failed: string;
  mutation: { isPending: boolean; error: Error | null };
  onConfirm: () => void;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button color={color} variant="outline" onClick={() => setOpened(true)}>
        {label}
      </Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={question} centered>
        <Stack gap="sm">
          {children}
          {mutation.error && (
            <Text size="sm" c="var(--app-danger-text)" role="alert">
              {failed}: {mutation.error.message}
            </Text>
          )}
          <DialogActions keepLabel={keepLabel} onKeep={() => setOpened(false)}>
            <Button color={color} loading={mutation.isPending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </Stack>
      </AppModal>
    </>
  );
}
