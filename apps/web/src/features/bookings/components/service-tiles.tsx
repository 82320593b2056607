import type { Service } from '@app/shared';
import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatDuration, formatPrice } from '../../../lib/format.ts';

/**
 * One tile per treatment and length ('Swedish massage · 1 h · £70'): the owner on the phone chooses both with one
 * tap instead of two dropdowns.
 */
export function ServiceTiles({
  services,
  pending,
  serviceId,
  minutes,
  error,
  onChoose,
  usual = null,
}: {
  /** The chosen client's usual treatment and length, offered first. */
  usual?: { serviceId: string; minutes: number } | null;
  services: Service[];
  pending: boolean;
  serviceId: string | null;
  minutes: number | null;
  error?: string;
  onChoose: (serviceId: string, minutes: number) => void;
}) {
  const isUsual = ({ service, duration }: { service: Service; duration: Service['durations'][number] }) =>
    usual !== null && service.id === usual.serviceId && duration.minutes === usual.minutes;
  return (
    <Stack gap="xs" role="group" aria-labelledby="phone-treatment">
      <Text fw={600} id="phone-treatment">
        Treatment
      </Text>
      {pending ? (
        <Skeleton height={88} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
          {services
            .flatMap((service) => service.durations.map((duration) => ({ service, duration })))
            .sort((a, b) => Number(isUsual(b)) - Number(isUsual(a)))
            .map(({ service, duration }) => {
              const chosen = service.id === serviceId && duration.minutes === minutes;
              return (
                <Button
                  key={`${service.id}-${duration.minutes}`}
                  variant={chosen ? 'filled' : 'default'}
                  aria-pressed={chosen}
                  mih={44}
                  h="auto"
                  py={6}
                  justify="flex-start"
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.35 } }}
                  onClick={() => onChoose(service.id, duration.minutes)}
                >
                  {service.name} · {formatDuration(duration.minutes)} · {formatPrice(duration.pricePence)}
                  {isUsual({ service, duration }) && ' · usual'}
                </Button>
              );
            })}
        </SimpleGrid>
      )}
      {error && (
        <Text size="sm" c="var(--app-danger-text)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
