import { Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A back-office page: its title with its actions at the right (under it on a narrow screen), then its content.
 * `wide` pages (the diary's, the dashboard) leave a phone's edges narrower for their calendars and timelines.
 */
export function BackOfficePage({
  title,
  actions,
  wide = false,
  children,
}: {
  title: string;
  actions?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const heading = <Title order={1}>{title}</Title>;
  return (
    <Container size="xl" py={wide ? 'lg' : 'xl'} px={{ base: wide ? 'xs' : 'sm', sm: 'md' }}>
      <Stack gap="md">
        {actions ? (
          <Group justify="space-between" gap="xs">
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Container>
  );
}
