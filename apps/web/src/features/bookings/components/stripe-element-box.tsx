import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useStripeElement } from '../../../lib/stripe-element.ts';
import { Notice } from './notice.tsx';

/**
 * A step of /book that hands the card to Stripe (the payment, the card for the no-show fee): what is asked
 * (`children`), Stripe's element, why it failed, and the button that submits it. `onDone` once Stripe has taken it;
 * the server still waits for Stripe's own word.
 */
export function StripeElementBox({
  element,
  formName,
  failedTitle,
  tryAgain,
  submitLabel,
  returnUrl,
  onDone,
  blocked = false,
  children,
}: {
  element: ReturnType<typeof useStripeElement>;
  /** 'payment form', 'card form': named while it loads and when it cannot. */
  formName: string;
  /** The title of a refusal, above Stripe's own words. */
  failedTitle: string;
  /** What the client may do after a refusal. */
  tryAgain: string;
  submitLabel: ReactNode;
  /** Where Stripe sends the client back after a bank's own page. */
  returnUrl: string;
  onDone: () => void;
  /** The button stays off though the element is ready (the hold ran out). */
  blocked?: boolean;
  children: ReactNode;
}) {
  const { mountPoint, ready, loadError, submitError, busy, submit } = element;
  const done = async () => {
    if (await submit(returnUrl)) onDone();
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        {children}
        {!ready && !loadError && <Skeleton height={120} aria-label={`Loading the ${formName}`} />}
        <div ref={mountPoint} />
        {loadError && (
          <Notice color="red" title={`The ${formName} is not available`} role="alert">
            {loadError}
          </Notice>
        )}
        {submitError && (
          <Notice color="red" title={failedTitle} role="alert">
            <Text size="sm">{submitError}</Text>
            <Text size="sm">{tryAgain}</Text>
          </Notice>
        )}
        <Button size="md" h={44} onClick={done} loading={busy} disabled={!ready || blocked}>
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
