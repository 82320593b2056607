import type { Style } from '@app/shared';
import { SegmentedControl } from '@mantine/core';

const styleLabels: Record<Style, string> = { therapeutic: 'Therapeutic', sensual: 'Sensual' };

/** Therapeutic or sensual; shown only to visitors with the discretion flag, so it loads only for them. */
export function StyleSwitch({
  styles,
  value,
  onChange,
}: {
  styles: Style[];
  value: Style;
  onChange: (style: string) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Style"
      value={value}
      onChange={onChange}
      data={styles.map((style) => ({ value: style, label: styleLabels[style] }))}
    />
  );
}
