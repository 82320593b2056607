import { type Booking, type CreateBookingInput, createBookingInput } from '@app/shared';
import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { alternativesOf, bookingQuery, useCreateBooking } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { Notice } from './notice.tsx';

type Details = Pick<CreateBookingInput, 'name' | 'phone' | 'notes' | 'adultConfirmed'>;
type Field = keyof Details | 'startsAt';

const DETAILS_KEY = 'book.details';

/** Name, phone and notes survive a reload or a detour through sign-in (never the 18+ confirmation). */
function storedDetails(): Partial<Details> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DETAILS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { name, phone, notes } = parsed as Record<string, unknown>;
    return {
      ...(typeof name === 'string' && { name }),
      ...(typeof phone === 'string' && { phone }),
      ...(typeof notes === 'string' && { notes }),
    };
  } catch {
    return {};
  }
}

function storeDetails(details: Details) {
  try {
    const { name, phone, notes } = details;
    sessionStorage.setItem(DETAILS_KEY, JSON.stringify({ name, phone, notes }));
  } catch {
    // Storage can be disabled; the form still works, it only forgets on reload.
  }
}

export function forgetBookingDetails() {
  try {
    sessionStorage.removeItem(DETAILS_KEY);
  } catch {
    // Nothing stored.
  }
}

const adultMessage = 'Please confirm that you are 18 or over.';

/** The server names the field first ('startsAt: …'); the rest is for the visitor. */
function fieldOfMessage(message: string): { field: Field | null; text: string } {
  const match = /^(name|phone|notes|adultConfirmed|startsAt): (.*)$/s.exec(message);
  return match ? { field: match[1] as Field, text: match[2] as string } : { field: null, text: message };
}

export type BookingDetailsFormProps = {
  serviceId: string;
  durationMinutes: number;
  startsAt: string;
  sensual: boolean;
  timeZone: string;
  locale?: string;
  defaults: { name: string; phone: string };
  /** How a blocked client reaches the business. */
  contact: string;
  onBooked: (booking: Booking) => void;
  onChooseAlternative: (startsAt: string) => void;
};

export function BookingDetailsForm({
  serviceId,
  durationMinutes,
  startsAt,
  sensual,
  timeZone,
  locale,
  defaults,
  contact,
  onBooked,
  onChooseAlternative,
}: BookingDetailsFormProps) {
  const [values, setValues] = useState<Details>(() => ({
    name: defaults.name,
    phone: defaults.phone,
    notes: '',
    adultConfirmed: false,
    ...storedDetails(),
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateBooking();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  // One key per confirmation attempt: a double click or a retry after a network failure makes one booking.
  const attempt = useRef<{ key: string; startsAt: string } | null>(null);

  const update = (patch: Partial<Details>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      storeDetails(next);
      return next;
    });
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (attempt.current?.startsAt !== startsAt) attempt.current = { key: crypto.randomUUID(), startsAt };
    const parsed = createBookingInput
      .refine((input) => !sensual || input.adultConfirmed, { path: ['adultConfirmed'], message: adultMessage })
      .safeParse({ serviceId, durationMinutes, startsAt, ...values, idempotencyKey: attempt.current.key });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (booking) => {
        attempt.current = null;
        forgetBookingDetails();
        // The confirmation shows at once, without asking the server again.
        queryClient.setQueryData(bookingQuery(booking.id).queryKey, booking);
        onBooked(booking);
      },
      onError: (error) => {
        // The server answered: nothing was booked, so the next press is a new attempt.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
        if (error instanceof ApiError && error.code === 'VALIDATION') {
          const { field, text } = fieldOfMessage(error.message);
          if (field && field !== 'startsAt') setErrors({ [field]: text });
        }
      },
    });
  };

  const error = create.error;
  const alternatives = alternativesOf(error);
  const validation = error instanceof ApiError && error.code === 'VALIDATION' ? fieldOfMessage(error.message) : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Your details">
      <Stack gap="sm">
        <TextInput
          label="Name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          description="So we can reach you if something changes."
          value={values.phone}
          onChange={(event) => update({ phone: event.currentTarget.value })}
          error={errors.phone}
        />
        <Textarea
          label="Notes"
          description="Anything we should know: injuries, pressure, areas to avoid."
          autosize
          minRows={2}
          value={values.notes}
          onChange={(event) => update({ notes: event.currentTarget.value })}
          error={errors.notes}
        />
        {sensual && (
          <Checkbox
            label="I confirm I am 18 or over"
            required
            checked={values.adultConfirmed}
            onChange={(event) => update({ adultConfirmed: event.currentTarget.checked })}
            error={errors.adultConfirmed}
          />
        )}
        {errors.startsAt && (
          <Text c="red" size="sm" role="alert">
            {errors.startsAt}
          </Text>
        )}

        {error && error instanceof ApiError && error.code === 'SLOT_UNAVAILABLE' && (
          <Notice color="orange" title="This time has just been taken" role="alert">
            <Stack gap="xs">
              <Text size="sm">{error.message}</Text>
              {alternatives.length > 0 ? (
                <>
                  <Text size="sm">The nearest free times:</Text>
                  <Group gap="xs" role="group" aria-label="Other free times">
                    {alternatives.map((alternative) => (
                      <Button
                        key={alternative}
                        size="xs"
                        variant="light"
                        onClick={() => {
                          create.reset();
                          onChooseAlternative(alternative);
                        }}
                      >
                        {formatDateTime(alternative, timeZone, locale)}
                      </Button>
                    ))}
                  </Group>
                </>
              ) : (
                <Text size="sm">Please choose another time above.</Text>
              )}
            </Stack>
          </Notice>
        )}
        {error && error instanceof ApiError && error.code === 'CLIENT_BLOCKED' && (
          <Notice color="red" title="We cannot take this booking online" role="alert">
            <Text size="sm">{error.message}</Text>
            <Text size="sm" mt="xs">
              {contact}
            </Text>
          </Notice>
        )}
        {validation && (validation.field === 'startsAt' || validation.field === null) && (
          <Notice color="red" title="Please check your booking" role="alert">
            {validation.text}
          </Notice>
        )}
        {error && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) && (
          <Notice color="red" title="Your booking is not confirmed yet" role="alert">
            <Text size="sm">
              {error instanceof ApiError && error.status === 0
                ? 'We could not reach the server. Check your connection and try again.'
                : 'Something went wrong on our side. Please try again.'}
            </Text>
            <Group mt="xs" gap="sm">
              <Button size="xs" variant="light" onClick={() => formRef.current?.requestSubmit()}>
                Try again
              </Button>
              <Text size="sm">Trying again will not book twice.</Text>
            </Group>
          </Notice>
        )}
        {error instanceof ApiError && ['NOT_FOUND', 'UNAUTHENTICATED'].includes(error.code) && (
          <Notice color="red" title="Could not book" role="alert">
            {error.code === 'UNAUTHENTICATED' ? 'Please sign in again, then confirm.' : error.message}
          </Notice>
        )}

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={create.isPending}>
            Confirm booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
