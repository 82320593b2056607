import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/page-title.ts';

/** A screen whose contents a later issue builds; the route, its guard and its title exist already. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
    </Container>
  );
}
