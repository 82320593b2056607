import type { Service } from '@app/shared';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDuration, formatPrice } from '../../../lib/format.ts';

type ServiceCardProps = {
  service: Service;
  locale?: string;
  currency?: string;
  /** Highlights the service the visitor chose (the `type` query of /book). */
  selected?: boolean;
  headingLevel?: 2 | 3;
};

export function ServiceCard({ service, locale, currency, selected = false, headingLevel = 3 }: ServiceCardProps) {
  const bookHref = `/book?style=${encodeURIComponent(service.style)}&type=${encodeURIComponent(service.type)}`;
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-current={selected ? 'true' : undefined}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Title order={headingLevel} size="h4">
          {service.name}
        </Title>
        {service.description && <Text size="sm">{service.description}</Text>}
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Duration</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {service.durations.map((duration) => (
              <Table.Tr key={duration.minutes}>
                <Table.Td>{formatDuration(duration.minutes)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatPrice(duration.pricePence, locale, currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={bookHref}
            variant={selected ? 'filled' : 'light'}
            aria-label={`Book ${service.name}`}
          >
            Book
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
