import type { AddOn } from '@app/shared';
import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPrice } from '../../../lib/format.ts';

/** "+15 min, +£15.00", or only the price for an add-on without minutes. */
export function addOnTerms(addOn: Pick<AddOn, 'minutes' | 'pricePence'>, locale?: string, currency?: string) {
  const price = `+${formatPrice(addOn.pricePence, locale, currency)}`;
  return addOn.minutes > 0 ? `+${addOn.minutes} min, ${price}` : price;
}

type AddOnsStepProps = {
  offered: AddOn[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  locale?: string;
  currency?: string;
};

/**
 * The funnel's one optional step: a tile per add-on that goes with the treatment, with its minutes and price. Tapping
 * a tile adds or removes it; the bottom bar's button goes on, with them or without (Skip).
 */
export function AddOnsStep({ offered, chosen, onChange, locale, currency }: AddOnsStepProps) {
  return (
    <Stack gap="sm">
      <Text>Add something to your treatment, or skip this step.</Text>
      <Checkbox.Group value={[...chosen]} onChange={onChange}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {offered.map((addOn) => (
            <Checkbox.Card key={addOn.id} value={addOn.id} radius="md" p="md" aria-label={addOn.name}>
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Checkbox.Indicator mt={2} />
                <div>
                  <Text fw={600}>{addOn.name}</Text>
                  <Text size="sm">{addOnTerms(addOn, locale, currency)}</Text>
                  {addOn.description && (
                    <Text size="sm" c="var(--app-muted)">
                      {addOn.description}
                    </Text>
                  )}
                </div>
              </Group>
            </Checkbox.Card>
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Stack>
  );
}
