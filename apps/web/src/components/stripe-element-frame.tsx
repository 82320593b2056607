import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useStripeElement } from '../lib/stripe-element.ts';

export type StripeElementFrameProps = {
  element: ReturnType<typeof useStripeElement>;
  loadingLabel: string;
  errors: ReactNode;
  submitLabel: ReactNode;
  /** Where Stripe sends the client back after a bank's own page. */
  returnUrl: string;
  onDone: () => void;
  /** The button stays off though the element is ready (the hold ran out). */
  blocked?: boolean;
  children?: ReactNode;
};

/**
 * Stripe's element in its box, as every payment or card form shows it: what is asked (`children`), a skeleton named
 * `loadingLabel` until Stripe has drawn the element, why it failed (`errors`, in the caller's words), and the button
 * that submits it. `onDone` once Stripe has taken it; the server still waits for Stripe's own word.
 */
export function StripeElementFrame({
  element,
  loadingLabel,
  errors,
  submitLabel,
  returnUrl,
  onDone,
  blocked = false,
  children,
}: StripeElementFrameProps) {
  const { mountPoint, ready, loadError, busy, submit } = element;
  const done = async () => {
    if (await submit(returnUrl)) onDone();
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        {children}
        {!ready && !loadError && <Skeleton height={120} aria-label={loadingLabel} />}
        <div ref={mountPoint} />
        {errors}
        <Button size="md" h={44} onClick={done} loading={busy} disabled={!ready || blocked}>
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
