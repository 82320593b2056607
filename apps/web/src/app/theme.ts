import { LOADING_SPINNER_SIZE } from '@app/shared';
import { createTheme, LoadingOverlay } from '@mantine/core';

/** Cyan 9: white text on it passes WCAG AA, and it is the address-bar colour of the installed app. */
export const THEME_COLOR = '#0b7285';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 9,
  defaultRadius: 'md',
  components: {
    LoadingOverlay: LoadingOverlay.extend({
      defaultProps: { loaderProps: { size: LOADING_SPINNER_SIZE }, zIndex: 1000 },
    }),
  },
});
