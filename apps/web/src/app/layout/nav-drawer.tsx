import { Drawer, type DrawerRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A drawer of the shell's links, under its title and close button. */
export function NavDrawer({
  title,
  closeLabel,
  children,
  ...drawer
}: Pick<DrawerRootProps, 'opened' | 'onClose' | 'position' | 'size'> & {
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Drawer.Root {...drawer}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's <header>: the site header is the page's only banner. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={700}>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label={closeLabel} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
