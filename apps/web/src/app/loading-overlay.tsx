import { LOADING_DELAY_MS, LOADING_SPINNER_SIZE } from '@app/shared';
import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

type AppLoadingOverlayProps = {
  visible: boolean;
  message?: string;
  /** Spec section 9: the overlay shows after this delay (0 by default, i.e. at once). */
  delay?: number;
  /** Cover the whole window rather than the nearest positioned parent. */
  fullScreen?: boolean;
};

export function AppLoadingOverlay({
  visible,
  message,
  delay = LOADING_DELAY_MS,
  fullScreen = true,
}: AppLoadingOverlayProps) {
  const [shown, setShown] = useState(visible && delay <= 0);
  useEffect(() => {
    if (!visible) {
      setShown(false);
      return;
    }
    if (delay <= 0) {
      setShown(true);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(timer);
  }, [visible, delay]);

  return (
    <LoadingOverlay
      visible={shown}
      pos={fullScreen ? 'fixed' : 'absolute'}
      transitionProps={{ duration: 0 }}
      overlayProps={{ backgroundOpacity: 0.6, color: '#fff' }}
      loaderProps={{
        children: (
          <Stack align="center" gap="md" role="status" aria-live="polite">
            <Loader size={LOADING_SPINNER_SIZE} aria-hidden />
            <Text fw={600}>{message ?? 'Loading…'}</Text>
          </Stack>
        ),
      }}
    />
  );
}
