import { type AdminBooking, createPhoneBookingInput, type Service } from '@app/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime, formatDuration, formatPrice, formatTime } from '../../../lib/format.ts';
import { fromWallClock, todayIn } from '../../../lib/zoned-time.ts';
import { adminServicesQuery, customerSearchQuery, useCreatePhoneBooking } from '../admin-api.ts';
import { alternativesOf } from '../api.ts';
import { SlotPicker } from './slot-picker.tsx';

const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

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
}: {
  opened: boolean;
  onClose: () => void;
  onBooked: (booking: AdminBooking) => void;
  timeZone: string;
  fullScreen: boolean;
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
    create.mutate(parsed.data, { onSuccess: (result) => onBooked(result.booking) });
  };

  const alternatives = alternativesOf(create.error);

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
                      description={[customer.email, customer.phone].filter(Boolean).join(' · ')}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </>
        ) : (
          <Stack gap="xs">
            <TextInput
              label="Name"
              value={newCustomer.name}
              onChange={(event) => setNewCustomer({ ...newCustomer, name: event.currentTarget.value })}
              error={errors.name}
              autoComplete="off"
            />
            <TextInput
              label="Email"
              type="email"
              value={newCustomer.email}
              onChange={(event) => setNewCustomer({ ...newCustomer, email: event.currentTarget.value })}
              error={errors.email}
              autoComplete="off"
            />
            <TextInput
              label="Phone"
              type="tel"
              value={newCustomer.phone}
              onChange={(event) => setNewCustomer({ ...newCustomer, phone: event.currentTarget.value })}
              error={errors.phone}
              autoComplete="off"
            />
          </Stack>
        )}
      </Stack>

      <Group grow align="flex-start" gap="xs">
        <Select
          label="Service"
          placeholder={services.isPending ? 'Loading…' : 'Choose'}
          data={active.map((s) => ({ value: s.id, label: s.name }))}
          value={serviceId}
          onChange={(value) => {
            setServiceId(value);
            const next = active.find((s) => s.id === value);
            setDuration(next?.durations.length === 1 ? String(next.durations[0]?.minutes) : null);
            setStartsAt(initialStartsAt);
          }}
          error={errors.service}
          allowDeselect={false}
        />
        <Select
          label="Duration"
          placeholder="Choose"
          disabled={!service}
          data={(service?.durations ?? []).map((d) => ({
            value: String(d.minutes),
            label: `${formatDuration(d.minutes)}, ${formatPrice(d.pricePence)}`,
          }))}
          value={duration}
          onChange={(value) => {
            setDuration(value);
            setStartsAt(initialStartsAt);
          }}
          allowDeselect={false}
        />
      </Group>

      <Switch
        label="It already took place (record it as completed)"
        checked={past}
        onChange={(event) => setPast(event.currentTarget.checked)}
      />
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
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          Close
        </Button>
        <Button onClick={submit} loading={create.isPending}>
          {past ? 'Record' : 'Book'}
        </Button>
      </Group>
    </Stack>
  );
}
