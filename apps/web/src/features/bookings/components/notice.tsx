import { Alert, type AlertProps } from '@mantine/core';
import { readableTitle } from '../../../components/readable-styles.ts';

/**
 * Mantine's Alert with its title in the text colour: the light variant's coloured title (red 6 on red 0 and the
 * like) fails WCAG AA contrast; the border and background still carry the colour.
 */
export function Notice(props: AlertProps) {
  return <Alert styles={readableTitle} {...props} />;
}
