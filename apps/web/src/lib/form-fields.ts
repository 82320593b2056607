import { type ChangeEvent, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './field-errors.ts';

type InputEvent = ChangeEvent<HTMLInputElement>;

/**
 * A form's values and each field's error: typing in a field clears its error, and `parse` either answers the
 * schema's output or shows every field's first error and answers null.
 */
export function useFormFields<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<Extract<keyof T, string>, string>>>({});
  const change = (field: Extract<keyof T, string>) => (event: InputEvent) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const parse = <S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | null => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    setErrors(fieldErrors<Extract<keyof T, string>>(parsed.error));
    return null;
  };
  /** What a text input of the form takes: its value, its change handler and its error. */
  const field = (name: Extract<keyof T, string>) => ({
    value: String(values[name] ?? ''),
    onChange: change(name),
    error: errors[name],
  });
  return { values, setValues, errors, setErrors, change, field, parse };
}

/**
 * One text field's value and error, for a form of a single field: typing clears the error. `props` goes onto the
 * input as it is.
 */
export function useTextField(initial: string | (() => string) = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const onChange = (event: InputEvent) => {
    setValue(event.currentTarget.value);
    setError(undefined);
  };
  return { value, setValue, error, setError, props: { value, onChange, error } };
}

/**
 * A form's values in one state, for inputs that hand back their value (TextField, NoteField, NumberInput, Select):
 * `set(name)` is a field's setter, and `bind(name)` gives an input its value, setter and the error the last submit
 * found for it. Unlike useFormFields, typing leaves that error shown until the next submit.
 */
export function useFormValues<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const set =
    <K extends Extract<keyof T, string>>(name: K) =>
    (value: T[K]) =>
      setValues((current) => ({ ...current, [name]: value }));
  const bind = <K extends Extract<keyof T, string>>(name: K) => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });
  return { values, errors, setErrors, set, bind };
}
