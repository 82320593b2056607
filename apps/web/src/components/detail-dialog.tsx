import { Alert, Group, Loader, NumberInput, type NumberInputProps, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppModal } from './app-modal.tsx';
import { readableTitle } from './readable-styles.ts';

/**
 * One record in a dialog (full screen on a phone): a loader while it comes, why it did not, or its body. `noun` names
 * it in both ('the booking could not be loaded').
 */
export function DetailDialog<T>({
  query,
  noun,
  opened,
  onClose,
  title,
  size,
  fullScreen,
  children,
}: {
  query: UseQueryResult<T>;
  noun: string;
  opened: boolean;
  onClose: () => void;
  title: string;
  size: string;
  fullScreen: boolean;
  children: (data: T) => ReactNode;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size={size} fullScreen={fullScreen}>
      {query.isPending ? (
        <Loader aria-label={`Loading the ${noun}`} />
      ) : query.isError ? (
        <Alert color="red" title={`The ${noun} could not be loaded`} role="alert" styles={readableTitle}>
          {query.error.message}
        </Alert>
      ) : (
        children(query.data)
      )}
    </AppModal>
  );
}

/** A titled part of a detail dialog, named by its title for assistive technology. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The heading of a detail dialog: who it is about, with its status badge beside it. */
export function DetailHeading({ name, badge }: { name: string; badge: ReactNode }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
      {/* A long name with no spaces wraps instead of widening the dialog past the screen. */}
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {name}
      </Text>
      {badge}
    </Group>
  );
}

/** What the last action did, in a live region that is always there so the news is read out when it comes. */
export function DoneNotice({ message }: { message: string | null }) {
  return (
    <div role="status">
      {message && (
        <Alert color="teal" title="Done" styles={readableTitle}>
          {message}
        </Alert>
      )}
    </div>
  );
}

/** Why an action failed, where it was asked; nothing while it has not. */
export function ActionFailed({ error, title = 'That did not work' }: { error: Error | null; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" title={title} role="alert" styles={readableTitle}>
      {error.message}
    </Alert>
  );
}

/** A bulleted list of short lines (payments, history) without the page's list margins. */
export function PlainList({ children }: { children: ReactNode }) {
  return (
    <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
      {children}
    </Stack>
  );
}

/** An amount of money typed in pounds and pence: never negative, two decimals at most. */
export function AmountField(props: NumberInputProps) {
  return <NumberInput min={0} decimalScale={2} {...props} />;
}

/** The light red button that starts something destructive (a confirmation follows), in a red that reads on white. */
export const dangerStyle = { '--button-color': 'var(--app-danger-text)' };
