import { type AdminBooking, createPhoneBookingInput, type Service } from '@app/shared';
import { Alert, Button, Checkbox, Group, Radio, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { fromWallClock, todayIn } from '../../../lib/zoned-time.ts';
import { adminServicesQuery, customerSearchQuery, useCreatePhoneBooking } from '../admin-api.ts';
import { alternativesOf } from '../api.ts';
import { clientDetails, type RecentClient } from '../recent-clients.ts';
import { RecentClientChoice } from './recent-client-choice.tsx';
import { useSeriesStep } from './series-repeat.tsx';
import { ServiceTiles } from './service-tiles.tsx';
import { SlotPicker } from './slot-picker.tsx';

/** A long unbroken name or email wraps inside the dialog, never widening it past a phone's screen. */
const wrapping = { label: { overflowWrap: 'anywhere' }, description: { overflowWrap: 'anywhere' } } as const;

type Errors = Partial<Record<'customer' | 'name' | 'email' | 'phone' | 'service' | 'time' | 'adult', string>>;

/**
 * A booking taken on the phone, for a customer found by search or a new one, at a time the engine offers; the
 * server applies the same rules as to a client's own booking.
 */
export function AdminPhoneBooking({
  opened,
  onClose,
  onBooked,
  timeZone,
  fullScreen,
  initialStartsAt,
}: DialogProps & {
  onBooked: (booking: AdminBooking) => void;
  timeZone: string;
  /** A time tapped in the diary, chosen already. */
  initialStartsAt?: string | null;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title="New phone booking" size="lg" fullScreen={fullScreen}>
      {/* Mounted per opening: a fresh form and a fresh idempotency key each time. */}
      {opened && (
        <PhoneBookingForm
          onBooked={onBooked}
          onCancel={onClose}
          timeZone={timeZone}
          initialStartsAt={initialStartsAt ?? null}
        />
      )}
    </AppModal>
  );
}

function PhoneBookingForm({
  onBooked,
  onCancel,
  timeZone,
  initialStartsAt,
}: {
  onBooked: (booking: AdminBooking) => void;
  onCancel: () => void;
  timeZone: string;
  initialStartsAt: string | null;
}) {
  const services = useQuery(adminServicesQuery);
  const create = useCreatePhoneBooking();
  const [who, setWho] = useState<'existing' | 'new'>('existing');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const matches = useQuery(customerSearchQuery(q));
  const [customerId, setCustomerId] = useState<string | null>(null);
  // The usual treatment and length of a regular client chosen with one tap: their tile comes first.
  const [usual, setUsual] = useState<RecentClient['usual'] | null>(null);
  // One customer matching is the one meant: chosen without a further tap.
  const onlyMatch = q.length >= 2 && matches.data?.customers.length === 1 ? matches.data.customers[0] : undefined;
  useEffect(() => {
    if (onlyMatch) setCustomerId(onlyMatch.id);
  }, [onlyMatch]);
  const [newCustomer, setNewCustomer] = useState({ name: '', email: '', phone: '' });
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [duration, setDuration] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(initialStartsAt);
  // An appointment that already took place (a walk-in written up afterwards) is typed in, not picked.
  const [past, setPast] = useState(false);
  const [pastDate, setPastDate] = useState('');
  const [pastTime, setPastTime] = useState('');
  const [notes, setNotes] = useState('');
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // Standing appointments: "Repeat", then the dates checked before booking.
  const series = useSeriesStep({ timeZone, onBooked, past });
  /** A new customer's field: its value, what typing changes, and the error the last submit found in it. */
  const customerField = (name: keyof typeof newCustomer) => ({
    value: newCustomer[name],
    onChange: (value: string) => setNewCustomer((current) => ({ ...current, [name]: value })),
    error: errors[name],
    autoComplete: 'off',
  });

  const active = (services.data?.services ?? []).filter((service) => service.active);
  const service: Service | undefined = active.find((s) => s.id === serviceId);
  const minutes = duration ? Number(duration) : null;

  const pastStart =
    past && /^\d{4}-\d{2}-\d{2}$/.test(pastDate) && /^\d{2}:\d{2}$/.test(pastTime)
      ? fromWallClock(new Date(`${pastDate}T${pastTime}:00Z`), timeZone).toISOString()
      : null;
  const chosenStart = past ? pastStart : startsAt;

  const submit = () => {
    const customer = who === 'existing' ? { id: customerId ?? '' } : newCustomer;
    const found: Errors = {};
    if (who === 'existing' && !customerId) found.customer = 'Find and choose the customer';
    if (!service) found.service = 'Choose a service';
    else if (!minutes) found.service = 'Choose a duration';
    if (!chosenStart) found.time = past ? 'Enter the date and time it started' : 'Choose a time';
    else if (past && minutes && Date.parse(chosenStart) + minutes * 60_000 > Date.now())
      found.time = 'That appointment has not finished yet';
    if (service?.style === 'sensual' && !adult) found.adult = 'Confirm the client told you they are 18 or over';
    const parsed = createPhoneBookingInput.safeParse({
      serviceId: serviceId ?? '',
      durationMinutes: minutes ?? 0,
      startsAt: chosenStart ?? '',
      customer,
      notes,
      adultConfirmed: adult,
      idempotencyKey,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path.at(-1);
        if (field === 'name' || field === 'email' || field === 'phone') found[field] ??= issue.message;
      }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    if (series.intercept(parsed.data)) return;
    create.mutate(parsed.data, { onSuccess: (result) => onBooked(result.booking) });
  };

  const alternatives = alternativesOf(create.error);
  if (series.step) return series.step;

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text fw={600} id="phone-customer">
          Customer
        </Text>
        <SegmentedControl
          aria-labelledby="phone-customer"
          value={who}
          onChange={(value) => setWho(value as 'existing' | 'new')}
          data={[
            { value: 'existing', label: 'Existing customer' },
            { value: 'new', label: 'New customer' },
          ]}
        />
        {who === 'existing' ? (
          <>
            <RecentClientChoice
              chosenId={customerId}
              timeZone={timeZone}
              onChoose={(client) => {
                setCustomerId(client.id);
                setUsual(client.usual);
                setSearch('');
              }}
            />
            <TextField
              label="Find a customer"
              description="Two letters or more of the name, email or phone"
              styles={{ description: { color: 'var(--app-muted)' } }}
              value={search}
              onChange={setSearch}
              error={errors.customer}
            />
            {q.length >= 2 && matches.data && (
              <Radio.Group label="Matching customers" value={customerId} onChange={setCustomerId}>
                <Stack gap={6} mt={4}>
                  {matches.data.customers.length === 0 && <Text size="sm">No customer matches.</Text>}
                  {matches.data.customers.map((customer) => (
                    <Radio
                      key={customer.id}
                      value={customer.id}
                      label={customer.name}
                      description={clientDetails(customer, timeZone, { wholePhone: true })}
                      styles={wrapping}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </>
        ) : (
          <Stack gap="xs">
            <TextField label="Name" {...customerField('name')} />
            <TextField label="Email" type="email" {...customerField('email')} />
            <TextField label="Phone" type="tel" {...customerField('phone')} />
          </Stack>
        )}
      </Stack>

      <ServiceTiles
        usual={customerId && usual ? usual : null}
        services={active}
        pending={services.isPending}
        serviceId={serviceId}
        minutes={minutes}
        error={errors.service}
        onChoose={(id, chosen) => {
          setServiceId(id);
          setDuration(String(chosen));
          setStartsAt(initialStartsAt);
        }}
      />

      <Switch
        label="It already took place (record it as completed)"
        checked={past}
        onChange={(event) => setPast(event.currentTarget.checked)}
      />
      {series.choice}
      {past ? (
        <Group gap="sm" align="flex-end">
          <TextField type="date" label="Date" value={pastDate} max={todayIn(timeZone)} onChange={setPastDate} />
          <TextField type="time" label="Start time" value={pastTime} onChange={setPastTime} />
        </Group>
      ) : (
        service &&
        minutes && (
          <SlotPicker
            serviceId={service.id}
            durationMinutes={minutes}
            value={startsAt}
            onChange={setStartsAt}
            timeZone={timeZone}
            headingLevel={3}
          />
        )
      )}
      {errors.time && (
        <Text size="sm" c="var(--app-danger-text)">
          {errors.time}
        </Text>
      )}

      <NoteField label="Notes from the client (optional)" value={notes} onChange={setNotes} maxLength={1000} />
      {service?.style === 'sensual' && (
        <Checkbox
          label="The client confirmed they are 18 or over"
          checked={adult}
          onChange={(event) => setAdult(event.currentTarget.checked)}
          error={errors.adult}
        />
      )}

      {create.isError && (
        <Alert color="red" title="Not booked" role="alert" styles={readableTitle}>
          <Text size="sm">{create.error.message}</Text>
          {alternatives.length > 0 && (
            <Group gap="xs" mt="xs">
              {alternatives.map((at) => (
                <Button key={at} size="xs" variant="default" onClick={() => setStartsAt(at)}>
                  {formatTime(at, timeZone)}
                </Button>
              ))}
            </Group>
          )}
        </Alert>
      )}

      {chosenStart && <Text fw={600}>Chosen: {formatDateTime(chosenStart, timeZone)}</Text>}
      <DialogActions keepLabel="Close" onKeep={onCancel}>
        <Button onClick={submit} loading={create.isPending}>
          {past ? 'Record' : series.repeats ? 'Check the dates' : 'Book'}
        </Button>
      </DialogActions>
    </Stack>
  );
}
