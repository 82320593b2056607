import { Text } from '@mantine/core';
import { readableDescription } from './readable-styles.ts';
import { TextField } from './text-field.tsx';

/** A list's search box, saying under it what it searches; `grow` lets it share a row with filters. */
export function SearchField({
  description,
  value,
  onChange,
  grow,
}: {
  description: string;
  value: string;
  onChange: (text: string) => void;
  grow?: string;
}) {
  return (
    <TextField
      type="search"
      label="Search"
      description={description}
      value={value}
      onChange={onChange}
      styles={readableDescription}
      style={grow ? { flex: grow } : undefined}
    />
  );
}

/**
 * How many rows a list holds ('3 invoices'), or `empty` when none: read out politely whenever a search or filter
 * changes it. `count` writes the number; `suffix` follows the noun (' matching “Ann”').
 */
export function ListCount({
  total,
  one,
  many,
  empty,
  count = String,
  suffix = '',
}: {
  total: number;
  one: string;
  many: string;
  empty: string;
  count?: (total: number) => string;
  suffix?: string;
}) {
  return (
    <Text size="sm" role="status" aria-live="polite">
      {total === 0 ? empty : `${count(total)} ${total === 1 ? one : many}${suffix}`}
    </Text>
  );
}
