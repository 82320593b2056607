import { Alert, type AlertProps } from '@mantine/core';
import { readableTitle } from './readable-styles.ts';

/** News that stays until the person closes it ('Dismiss'), titled in the text colour. */
export function DismissibleAlert({ onDismiss, ...props }: Omit<AlertProps, 'onClose'> & { onDismiss: () => void }) {
  return <Alert styles={readableTitle} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss} {...props} />;
}
