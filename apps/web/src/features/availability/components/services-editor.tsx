import { type Service, updateServiceInput } from '@app/shared';
import { ActionIcon, Alert, Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notifications } from '../../../lib/notifications.ts';
import { adminServicesQuery, useUpdateService } from '../services-api.ts';
import { PriceInput, penceOfPriceBox, useCatalogSave } from './catalog-form.tsx';

type DraftDuration = { minutes: number | string; pounds: number | string };

/** One service's wording, durations with prices, and whether it is on the site. */
function ServiceForm({ service }: { service: Service }) {
  const update = useUpdateService();
  const [name, setName] = useState(service.name);
  const [description, setDescription] = useState(service.description);
  const [active, setActive] = useState(service.active);
  const [durations, setDurations] = useState<DraftDuration[]>(
    service.durations.map((d) => ({ minutes: d.minutes, pounds: d.pricePence / 100 })),
  );
  const { error, save: saveDraft } = useCatalogSave(updateServiceInput);

  const save = () =>
    saveDraft(
      {
        name,
        description,
        active,
        durations: durations.map((d) => ({ minutes: Number(d.minutes), pricePence: penceOfPriceBox(d.pounds) })),
      },
      async (changes) => {
        await update.mutateAsync({ id: service.id, changes });
        notifications.show({ message: `${name} saved.` });
      },
    );

  const setDuration = (index: number, field: keyof DraftDuration, value: number | string) =>
    setDurations((current) => current.map((d, i) => (i === index ? { ...d, [field]: value } : d)));

  return (
    <Card withBorder padding="md" component="section" aria-label={service.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <TextField label="Name" value={name} onChange={setName} style={{ flex: 1 }} />
          <Switch label="On the site" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} mt="lg" />
        </Group>
        <NoteField label="Description" value={description} onChange={setDescription} />
        <Text size="sm" fw={500}>
          Durations and prices
        </Text>
        {durations.map((duration, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
          <Group key={index} gap="xs" wrap="nowrap" align="end">
            <NumberInput
              label="Minutes"
              min={15}
              max={480}
              step={15}
              value={duration.minutes}
              onChange={(v) => setDuration(index, 'minutes', v)}
              w={110}
            />
            <PriceInput value={duration.pounds} onChange={(v) => setDuration(index, 'pounds', v)} />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove ${duration.minutes} minutes`}
              disabled={durations.length === 1}
              onClick={() => setDurations((current) => current.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setDurations((current) => [...current, { minutes: 60, pounds: 0 }])}>
            Add a duration
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Save {service.name}
          </Button>
        </Group>
        <FailureAlert error={error} />
      </Stack>
    </Card>
  );
}

/** The owner's catalogue: what clients can book, for how long and at what price. */
export function ServicesEditor() {
  const { data: services, isPending, error } = useQuery(adminServicesQuery);
  return (
    <Stack gap="md">
      {isPending && <Text>Loading services…</Text>}
      {error && <Alert color="red">{error.message}</Alert>}
      {services?.map((service) => (
        <ServiceForm key={service.id} service={service} />
      ))}
    </Stack>
  );
}
