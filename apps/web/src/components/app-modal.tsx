import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a page gives each dialog it opens: whether it is open, how to close it, and whether it fills a phone's screen. */
export type DialogProps = { opened: boolean; onClose: () => void; fullScreen: boolean };

type AppModalProps = Omit<ModalRootProps, 'title' | 'children'> & {
  title: string;
  children: ReactNode;
  /** A close button in the header; the update dialog has none. */
  withCloseButton?: boolean;
  minWidth?: number;
};

/**
 * Mantine's Modal with its header as a plain div: Mantine renders a `<header>` inside the dialog, which assistive
 * technology (and axe) take for a second page banner next to the site header.
 */
export function AppModal({ title, children, withCloseButton = true, minWidth, ...root }: AppModalProps) {
  return (
    <Modal.Root {...root}>
      <Modal.Overlay />
      <Modal.Content style={minWidth ? { minWidth } : undefined}>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          {withCloseButton && <Modal.CloseButton aria-label="Close" />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
