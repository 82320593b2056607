import { type MantineSize, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A part of a client's page under its own second-level heading, which names the part for a screen reader: the
 * sections of My bookings (h3-sized), and the smaller ones of a booking's confirmation.
 */
export function HeadedSection({
  id,
  title,
  size = 'h3',
  spacing = 'sm',
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: string;
  size?: 'h3' | 'h4';
  /** The space under the heading. */
  spacing?: MantineSize;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size={size} id={id} mb={spacing}>
        {title}
      </Title>
      {children}
    </section>
  );
}
