import { NativeSelect } from '@mantine/core';

/**
 * A list's filter as a select: `all` first (no filter, the empty value), then `options`. `onChange` is given the
 * chosen value, '' for all.
 */
export function FilterSelect({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  all: string;
  value: string | null | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      data={[{ value: '', label: all }, ...options]}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
