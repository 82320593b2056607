import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';

// What the catalogue's forms (a service's durations, an add-on) share: the price box and how a save is refused.

/** A price box's pounds as whole pence (an empty box is 0). */
export const penceOfPriceBox = (pounds: number | string) => Math.round(Number(pounds) * 100);

/** The price of one catalogue item, typed in pounds and pence. */
export function PriceInput({
  value,
  onChange,
}: {
  value: number | string;
  onChange: (value: number | string) => void;
}) {
  return <NumberInput label="Price (£)" min={0} decimalScale={2} value={value} onChange={onChange} w={130} />;
}

/**
 * Saves a catalogue form's draft through `schema`: what is wrong with it, every message in one sentence, before the
 * server is asked; else the server's refusal. The error stays until the next save.
 */
export function useCatalogSave<S extends z.ZodType>(schema: S) {
  const [error, setError] = useState<Error | null>(null);
  const save = async (draft: unknown, send: (input: z.output<S>) => Promise<unknown>) => {
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      setError(new Error(parsed.error.issues.map((issue) => issue.message).join(' ')));
      return;
    }
    setError(null);
    try {
      await send(parsed.data);
    } catch (failure) {
      setError(failure as Error);
    }
  };
  return { error, save };
}
