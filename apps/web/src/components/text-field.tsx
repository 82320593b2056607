import { TextInput, type TextInputProps } from '@mantine/core';

/** One line of text typed into a form, handed back as the text itself: NoteField's one-line twin. */
export function TextField({
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  return <TextInput {...props} onChange={(event) => onChange(event.currentTarget.value)} />;
}
