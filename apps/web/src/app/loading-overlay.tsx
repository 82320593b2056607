import { LOADING_DELAY_MS, LOADING_SPINNER_SIZE } from '@app/shared';
import { Box, Loader, Stack, Text } from '@mantine/core';
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

  // Drawn by hand rather than with Mantine's LoadingOverlay, whose code would ride in the public pages' first script
  // for an overlay they never show (decision 026). Above the header and any dialog, as that one was (z-index 1000).
  if (!shown) return null;
  return (
    <Box
      pos={fullScreen ? 'fixed' : 'absolute'}
      inset={0}
      style={{
        zIndex: 1000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        background: 'var(--app-overlay)',
      }}
    >
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader size={LOADING_SPINNER_SIZE} aria-hidden />
        <Text fw={600}>{message ?? 'Loading…'}</Text>
      </Stack>
    </Box>
  );
}
