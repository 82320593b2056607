import { Container, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './funnel-bar.module.css';

export type FunnelBarProps = {
  /** The choice so far, one short line each. */
  lines: string[];
  price: string | null;
  /** 'Continue', or the booking's own button on the last step. */
  children?: ReactNode;
};

/** The sticky bottom bar of /book, on a phone as on a desk. */
export function FunnelBar({ lines, price, children }: FunnelBarProps) {
  return (
    <section className={classes.bar} aria-label="Your choice">
      <Container size="md" className={classes.inner}>
        <div className={classes.summary}>
          {lines.map((line, i) => (
            <Text key={line} size="sm" fw={i === 0 ? 600 : undefined}>
              {line}
            </Text>
          ))}
        </div>
        {price && <Text fw={700}>{price}</Text>}
        {children}
      </Container>
    </section>
  );
}
