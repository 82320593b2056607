import { type AdminBooking, addOnAppliesTo, type BookingAddOn } from '@app/shared';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminAddOnsQuery } from '../../../lib/catalog/admin-add-ons.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';
import { notifications } from '../../../lib/notifications.ts';
import { addOnTerms } from './add-ons-step.tsx';
import { Notice } from './notice.tsx';

/** A cancelled booking or a no-show keeps the add-ons it had (the server says the same). */
const changeable = ['awaiting_payment', 'pending', 'confirmed', 'completed'];

const useSetBookingAddOns = (id: string) =>
  useRefreshingMutation([['bookings'], ['slots'], ['dashboard']], (body: { addOnIds: string[]; version: number }) =>
    apiFetch<unknown>(`/admin/bookings/${encodeURIComponent(id)}/add-ons`, { method: 'PUT', body }),
  );

/**
 * The booking sheet's add-ons: what the booking took, as booked, each with Remove, and Add for one that goes
 * with the treatment. The price and the end move with them; a longer booking that no longer fits is refused with the
 * time it would end, shown here.
 */
export function BookingAddOns({ detail }: { detail: { booking: AdminBooking; addOns?: BookingAddOn[] } }) {
  const { booking } = detail;
  const taken = detail.addOns ?? [];
  const catalogue = useQuery(adminAddOnsQuery);
  const change = useSetBookingAddOns(booking.id);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offered = (catalogue.data ?? []).filter(
    (a) => addOnAppliesTo(a, booking.type) && !taken.some((t) => t.addOnId === a.id),
  );
  const canChange = changeable.includes(booking.status);
  if (taken.length === 0 && (offered.length === 0 || !canChange)) return null;

  const send = async (addOnIds: string[], done: string) => {
    setError(null);
    try {
      await change.mutateAsync({ addOnIds, version: booking.version });
      setPicked(null);
      notifications.show({ message: done });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const ids = taken.map((t) => t.addOnId);

  return (
    <Stack gap="xs" component="section" aria-label="Add-ons">
      <Text fw={600}>Add-ons</Text>
      {taken.length === 0 && <Text size="sm">None.</Text>}
      {taken.map((addOn) => (
        <Group key={addOn.addOnId} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {addOn.name} ({addOnTerms(addOn)})
          </Text>
          {canChange && (
            <Button
              variant="subtle"
              size="compact-md"
              loading={change.isPending}
              aria-label={`Remove ${addOn.name}`}
              onClick={() =>
                send(
                  ids.filter((id) => id !== addOn.addOnId),
                  `${addOn.name} removed: the booking is now ${formatPrice(booking.pricePence - addOn.pricePence)}.`,
                )
              }
            >
              Remove
            </Button>
          )}
        </Group>
      ))}
      {canChange && offered.length > 0 && (
        <Group gap="xs" align="end" wrap="wrap">
          <Select
            label="Add an add-on"
            placeholder="Choose"
            data={offered.map((a) => ({ value: a.id, label: `${a.name} (${addOnTerms(a)})` }))}
            value={picked}
            onChange={setPicked}
            style={{ flex: '1 1 14rem' }}
          />
          <Button
            variant="default"
            disabled={!picked}
            loading={change.isPending}
            onClick={() => {
              const addOn = offered.find((a) => a.id === picked);
              if (addOn)
                send(
                  [...ids, addOn.id],
                  `${addOn.name} added: the booking is now ${formatPrice(booking.pricePence + addOn.pricePence)}.`,
                );
            }}
          >
            Add
          </Button>
        </Group>
      )}
      {error && (
        <Notice color="red" title="Not changed">
          <Text size="sm">{error}</Text>
        </Notice>
      )}
    </Stack>
  );
}
