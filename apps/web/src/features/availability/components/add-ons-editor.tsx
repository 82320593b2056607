import { type AddOn, addOnInput, massageTypeLabels, typesByStyle } from '@app/shared';
import { Alert, Badge, Button, Card, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { adminAddOnsQuery, useCreateAddOn, useUpdateAddOn } from '../../../lib/catalog/admin-add-ons.ts';
import { formatPrice } from '../../../lib/format.ts';
import { notifications } from '../../../lib/notifications.ts';
import { PriceInput, penceOfPriceBox, useCatalogSave } from './catalog-form.tsx';

type Draft = { name: string; description: string; minutes: number | string; pounds: number | string; types: string[] };
const emptyDraft: Draft = { name: '', description: '', minutes: 0, pounds: 0, types: [] };

const styleLabels = { therapeutic: 'Therapeutic', sensual: 'Sensual' } as const;

/** One add-on's fields, for a new one or an edit; says what is wrong in the server's own words. */
function AddOnForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: ReturnType<typeof addOnInput.parse>) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const { error, save } = useCatalogSave(addOnInput);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = () =>
    save(
      {
        name: draft.name,
        description: draft.description,
        minutes: Number(draft.minutes),
        pricePence: penceOfPriceBox(draft.pounds),
        types: draft.types,
      },
      async (input) => {
        await onSubmit(input);
        if (!onCancel) setDraft(emptyDraft);
      },
    );

  return (
    <Stack gap="sm">
      <TextField label="Name" placeholder="Hot stones" value={draft.name} onChange={(name) => set('name', name)} />
      <TextField
        label="Description (optional)"
        value={draft.description}
        onChange={(description) => set('description', description)}
      />
      <Group gap="xs" wrap="nowrap" align="end">
        <NumberInput
          label="Extra minutes"
          min={0}
          max={120}
          step={5}
          value={draft.minutes}
          onChange={(v) => set('minutes', v)}
          w={130}
        />
        <PriceInput value={draft.pounds} onChange={(v) => set('pounds', v)} />
      </Group>
      {(Object.keys(typesByStyle) as (keyof typeof typesByStyle)[]).map((style) => (
        <Checkbox.Group
          key={style}
          label={`Goes with (${styleLabels[style].toLowerCase()})`}
          value={draft.types.filter((t) => (typesByStyle[style] as readonly string[]).includes(t))}
          onChange={(picked) =>
            set('types', [
              ...draft.types.filter((t) => !(typesByStyle[style] as readonly string[]).includes(t)),
              ...picked,
            ])
          }
        >
          <Group gap="md" mt={4}>
            {typesByStyle[style].map((type) => (
              <Checkbox key={type} value={type} label={massageTypeLabels[type]} />
            ))}
          </Group>
        </Checkbox.Group>
      ))}
      <Text size="sm" c="var(--app-muted)">
        VAT is charged as on the treatment it goes with.
      </Text>
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button onClick={submit} loading={pending}>
          {submitLabel}
        </Button>
      </Group>
      <FailureAlert error={error} />
    </Stack>
  );
}

const draftOf = (addOn: AddOn): Draft => ({
  name: addOn.name,
  description: addOn.description,
  minutes: addOn.minutes,
  pounds: addOn.pricePence / 100,
  types: addOn.types,
});

/** One add-on in the owner's list: what it adds, what it goes with, and Edit / Archive (or Offer again). */
function AddOnCard({ addOn }: { addOn: AddOn }) {
  const update = useUpdateAddOn();
  const [editing, setEditing] = useState(false);
  const archive = async (archived: boolean) => {
    try {
      await update.mutateAsync({ id: addOn.id, changes: { archived } });
      notifications.show({
        message: archived
          ? `${addOn.name} is no longer offered. Bookings that took it keep it.`
          : `${addOn.name} is offered again.`,
      });
    } catch (failure) {
      notifications.show({ color: 'red', message: (failure as Error).message });
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={addOn.name}>
      {editing ? (
        <AddOnForm
          initial={draftOf(addOn)}
          submitLabel={`Save ${addOn.name}`}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (changes) => {
            await update.mutateAsync({ id: addOn.id, changes });
            notifications.show({ message: `${changes.name} saved.` });
            setEditing(false);
          }}
        />
      ) : (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="start">
            <div>
              <Text fw={600}>{addOn.name}</Text>
              <Text size="sm">
                {addOn.minutes > 0 ? `+${addOn.minutes} min, ` : ''}+{formatPrice(addOn.pricePence)}
              </Text>
            </div>
            {addOn.archived && <Badge color="gray">Archived</Badge>}
          </Group>
          <Text size="sm" c="var(--app-muted)">
            With {addOn.types.map((type) => massageTypeLabels[type]).join(', ')}
          </Text>
          <Group gap="xs">
            {!addOn.archived && (
              <Button variant="default" size="compact-md" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <Button
              variant="subtle"
              size="compact-md"
              loading={update.isPending}
              onClick={() => archive(!addOn.archived)}
            >
              {addOn.archived ? 'Offer again' : 'Archive'}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/**
 * The owner's add-ons: extras a client may add to a treatment in the booking funnel, each with its minutes
 * and price and the treatments it goes with. Archiving one takes it off the funnel; bookings keep what they took.
 */
export function AddOnsEditor() {
  const { data: addOns, isPending, error, refetch } = useQuery(adminAddOnsQuery);
  const create = useCreateAddOn();
  const active = (addOns ?? []).filter((a) => !a.archived);
  const archived = (addOns ?? []).filter((a) => a.archived);
  return (
    <Stack gap="md">
      <Text size="sm">
        Extras a client can add to a treatment when booking, such as hot stones or aromatherapy oil. Their minutes make
        the booking longer and their price is added to it.
      </Text>
      {isPending && <Text>Loading add-ons…</Text>}
      {error && (
        <Alert color="red" role="alert" title="The add-ons could not be loaded">
          <Group justify="space-between">
            <span>{error.message}</span>
            <Button size="compact-sm" variant="default" onClick={() => refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {addOns && active.length === 0 && <Text c="var(--app-muted)">No add-ons yet: add the first one below.</Text>}
      {active.map((addOn) => (
        <AddOnCard key={addOn.id} addOn={addOn} />
      ))}
      <Card withBorder padding="md" component="section" aria-label="New add-on">
        <Text fw={600} mb="xs">
          New add-on
        </Text>
        <AddOnForm
          initial={emptyDraft}
          submitLabel="Add the add-on"
          pending={create.isPending}
          onSubmit={async (input) => {
            const made = await create.mutateAsync(input);
            notifications.show({ message: `${made.name} added. Clients can choose it when they book.` });
          }}
        />
      </Card>
      {archived.length > 0 && (
        <>
          <Text fw={600}>Archived</Text>
          {archived.map((addOn) => (
            <AddOnCard key={addOn.id} addOn={addOn} />
          ))}
        </>
      )}
    </Stack>
  );
}
