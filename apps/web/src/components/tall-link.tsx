import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../lib/links.tsx';

/** A small text link that is a whole 44 px target for a thumb, not only its 20 px line of text. */
export function TallLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
      {children}
    </Anchor>
  );
}
