import { Badge, type BadgeProps } from '@mantine/core';

/**
 * A status in a tinted badge. The light variant's coloured text fails contrast (WCAG AA), so the tint carries the
 * colour and the text stays the page's.
 */
export function StatusBadge({ color, size, children }: Pick<BadgeProps, 'color' | 'size' | 'children'>) {
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      style={{ '--badge-color': 'var(--mantine-color-text)' }}
    >
      {children}
    </Badge>
  );
}
