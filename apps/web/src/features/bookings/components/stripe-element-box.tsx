import { Text } from '@mantine/core';
import { StripeElementFrame, type StripeElementFrameProps } from '../../../components/stripe-element-frame.tsx';
import { Notice } from './notice.tsx';

/**
 * A step of /book that hands the card to Stripe (the payment, the card for the no-show fee): what is asked
 * (`children`), Stripe's element, why it failed, and the button that submits it. `onDone` once Stripe has taken it;
 * the server still waits for Stripe's own word.
 */
export function StripeElementBox({
  formName,
  failedTitle,
  tryAgain,
  ...frame
}: Omit<StripeElementFrameProps, 'loadingLabel' | 'errors'> & {
  /** 'payment form', 'card form': named while it loads and when it cannot. */
  formName: string;
  /** The title of a refusal, above Stripe's own words. */
  failedTitle: string;
  /** What the client may do after a refusal. */
  tryAgain: string;
}) {
  const { loadError, submitError } = frame.element;
  return (
    <StripeElementFrame
      {...frame}
      loadingLabel={`Loading the ${formName}`}
      errors={
        <>
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
        </>
      }
    />
  );
}
