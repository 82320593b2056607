import type { Service } from '@app/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatDuration, formatPrice } from '../../lib/format.ts';
import { Link } from '../../lib/links.tsx';
import classes from './service-card.module.css';

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
    <article
      className={classes.card}
      aria-current={selected ? 'true' : undefined}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Title order={headingLevel} size="h4">
          {service.name}
        </Title>
        {service.description && <Text size="sm">{service.description}</Text>}
        <table className={classes.prices}>
          <thead>
            <tr>
              <th scope="col">Duration</th>
              <th scope="col" className={classes.amount}>
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {service.durations.map((duration) => (
              <tr key={duration.minutes}>
                <td>
                  {/* The whole row starts the booking at this length, on the first free day's times. */}
                  <Link
                    className={classes.rowLink}
                    to={`${bookHref}&duration=${duration.minutes}&step=time`}
                    aria-label={`Book ${service.name}, ${formatDuration(duration.minutes)}, ${formatPrice(duration.pricePence, locale, currency)}`}
                  >
                    {formatDuration(duration.minutes)}
                  </Link>
                </td>
                <td className={classes.amount}>{formatPrice(duration.pricePence, locale, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
    </article>
  );
}
