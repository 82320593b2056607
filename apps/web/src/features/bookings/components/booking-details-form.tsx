import { type CreateBookingInput, createBookingInput } from '@app/shared';
import { Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { NoteField } from '../../../components/note-field.tsx';
import { TextField } from '../../../components/text-field.tsx';

export type Details = Pick<CreateBookingInput, 'name' | 'phone' | 'notes'>;
type DetailField = keyof Details;

const DETAILS_KEY = 'book.details';

/** Name, phone and notes survive a reload, a step back or a detour through sign-in (never the 18+ confirmation). */
export function storedDetails(): Partial<Details> {
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

/** The details as the booking form will send them: what was typed, else the account's. */
export function detailsWithDefaults(defaults: { name: string; phone: string }): Details {
  return { name: defaults.name, phone: defaults.phone, notes: '', ...storedDetails() };
}

export const detailsInput = createBookingInput.pick({ name: true, phone: true, notes: true });

export const DETAILS_FORM_ID = 'booking-details';

// Mantine's dimmed description fails WCAG AA contrast: the text colour reads on every scheme.
const readableDescription = { description: { color: 'var(--mantine-color-text)' } };

export type BookingDetailsFormProps = {
  defaults: { name: string; phone: string };
  /** The details are valid and kept: the page moves on to the confirmation. */
  onContinue: () => void;
  /** The form's submit button (in the page's bottom bar). */
  action: ReactNode;
};

/** The 'Your details' step of /book: name, phone and notes, checked with the booking's own schema. */
export function BookingDetailsForm({ defaults, onContinue, action }: BookingDetailsFormProps) {
  const [values, setValues] = useState<Details>(() => detailsWithDefaults(defaults));
  const [errors, setErrors] = useState<Partial<Record<DetailField, string>>>({});

  const update = (patch: Partial<Details>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      storeDetails(next);
      return next;
    });
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };

  /** What each field of the form takes: its value, its change (kept as typed) and the error the last submit found. */
  const field = (name: DetailField) => ({
    value: values[name],
    onChange: (value: string) => update({ [name]: value }),
    error: errors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = detailsInput.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<DetailField, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as DetailField] ??= issue.message;
      setErrors(found);
      return;
    }
    storeDetails(values);
    onContinue();
  };

  return (
    <form id={DETAILS_FORM_ID} onSubmit={submit} noValidate aria-label="Your details">
      <Stack gap="sm">
        <TextField label="Name" autoComplete="name" required {...field('name')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          description="So we can reach you if something changes."
          styles={readableDescription}
          {...field('phone')}
        />
        <NoteField
          label="Notes"
          description="Anything we should know: injuries, pressure, areas to avoid."
          styles={readableDescription}
          {...field('notes')}
        />
        {action}
      </Stack>
    </form>
  );
}
