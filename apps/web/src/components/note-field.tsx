import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * Free text the owner or client types into a form (a reason, a note): it grows with its text from `minRows` lines,
 * and hands back the text itself.
 */
export function NoteField({
  onChange,
  minRows = 2,
  ...props
}: Omit<TextareaProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  return <Textarea autosize minRows={minRows} {...props} onChange={(event) => onChange(event.currentTarget.value)} />;
}
