import type { MantineColor } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './notice.module.css';

type NoticeProps = {
  color: MantineColor;
  title: string;
  children: ReactNode;
  /** `alert` for a failure the visitor should hear at once; `status` for a state that is merely worth knowing. */
  role?: 'alert' | 'status';
  /** Square corners, for a notice that spans the window's width. */
  square?: boolean;
};

/**
 * A notice in the theme's light colours (readable at WCAG AA, theme.ts), for the shell's first screens; other
 * screens use Mantine's Alert, whose code they load anyway.
 */
export function Notice({ color, title, children, role = 'alert', square = false }: NoticeProps) {
  const colours = {
    '--notice-bg': `var(--mantine-color-${color}-light)`,
    '--notice-color': `var(--mantine-color-${color}-light-color)`,
    ...(square && { '--notice-radius': '0' }),
  } as CSSProperties;
  return (
    <div role={role} className={classes.notice} style={colours}>
      <p className={classes.title}>{title}</p>
      <div className={classes.message}>{children}</div>
    </div>
  );
}
