import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the business page under its own heading, with a line on what it is for; `id` names the heading. */
export function PageSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Stack gap={4}>
        <Title order={2} id={id}>
          {title}
        </Title>
        <Text c="var(--app-muted)">{intro}</Text>
      </Stack>
      {children}
    </Stack>
  );
}
