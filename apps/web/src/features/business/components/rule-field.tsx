import { NumberInput, Select, type SelectProps, Stack } from '@mantine/core';

/** The kinds of a rule that carry a figure, the sensible figures each starts from, and what their boxes say. */
type Figures = {
  fixed: string;
  percent: string;
  startPence: number;
  startPercent: number;
  amountLabel: string;
  percentLabel: string;
  maxPercent: number;
};

/** A deposit's kinds, as both the payment policy and the deposit by bank transfer store them, and where they start. */
export const depositKinds = { fixed: 'deposit_fixed', percent: 'deposit_percent', startPence: 2000, startPercent: 20 };

/**
 * A rule chosen by kind, with the box for its figure when the kind has one: a fixed amount in pounds, or a share of
 * the price. Choosing another kind starts from its sensible figure (`figures`). Used by the payment policy's rules
 * and the deposit by bank transfer.
 */
export function RuleField<R extends { kind: string; amountPence?: number; percent?: number }>({
  gap = 'xs',
  select,
  figures,
  rule,
  error,
  onChange,
}: {
  select: Omit<SelectProps, 'value' | 'onChange'>;
  figures: Figures;
  rule: R;
  error: string | undefined;
  onChange: (rule: R) => void;
  /** The space between the choice and its figure's box. */
  gap?: 'xs' | 'md';
}) {
  const ofKind = (kind: R['kind']) =>
    (kind === figures.fixed
      ? { kind, amountPence: figures.startPence }
      : kind === figures.percent
        ? { kind, percent: figures.startPercent }
        : { kind }) as R;
  return (
    <Stack gap={gap}>
      <Select
        {...select}
        value={rule.kind}
        allowDeselect={false}
        onChange={(kind) => kind && onChange(ofKind(kind as R['kind']))}
        size="md"
      />
      {rule.kind === figures.fixed && (
        <NumberInput
          label={figures.amountLabel}
          min={1}
          decimalScale={2}
          value={(rule.amountPence ?? 0) / 100}
          // The schema checks the figure; an empty box is kept as 0 so the message says what to enter.
          onChange={(value) => onChange({ kind: rule.kind, amountPence: Math.round(Number(value || 0) * 100) } as R)}
          error={error}
          size="md"
        />
      )}
      {rule.kind === figures.percent && (
        <NumberInput
          label={figures.percentLabel}
          min={1}
          max={figures.maxPercent}
          allowDecimal={false}
          value={rule.percent}
          onChange={(value) => onChange({ kind: rule.kind, percent: Number(value || 0) } as R)}
          error={error}
          size="md"
        />
      )}
    </Stack>
  );
}
