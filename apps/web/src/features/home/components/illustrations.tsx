import type { ReactNode } from 'react';

/** Drawings the project makes itself (no image is fetched): coloured from the theme, so they follow brand and scheme. */

const shade = (n: number) => `var(--mantine-color-brand-${n})`;

/** Balanced stones and a leaf over still water: the home page's picture until the owner adds a photo. */
export function StonesArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 320" className={className} aria-hidden="true" focusable="false">
      <circle cx="160" cy="150" r="140" style={{ fill: 'var(--app-surface-strong)' }} />
      <path
        d="M40 262c30-10 60-10 90 0s60 10 90 0 50-8 70-2"
        style={{ fill: 'none', stroke: shade(3), strokeWidth: 3, strokeLinecap: 'round', opacity: 0.7 }}
      />
      <path
        d="M70 288c24-7 48-7 72 0s48 7 72 0 36-6 50-2"
        style={{ fill: 'none', stroke: shade(3), strokeWidth: 3, strokeLinecap: 'round', opacity: 0.45 }}
      />
      <ellipse cx="160" cy="238" rx="84" ry="24" style={{ fill: shade(7) }} />
      <ellipse cx="156" cy="199" rx="62" ry="20" style={{ fill: shade(5) }} />
      <ellipse cx="163" cy="166" rx="44" ry="15" style={{ fill: shade(4) }} />
      <ellipse cx="158" cy="140" rx="28" ry="11" style={{ fill: shade(2) }} />
      <path d="M176 124c6-34 30-58 70-66-4 40-28 64-70 66z" style={{ fill: shade(6) }} />
      <path
        d="M176 124c14-18 30-34 52-48"
        style={{ fill: 'none', stroke: 'var(--app-surface)', strokeWidth: 2, strokeLinecap: 'round' }}
      />
    </svg>
  );
}

const iconStyle = {
  fill: 'none',
  stroke: 'var(--app-brand-text)',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A small line drawing in the brand's text colour on a round tint of the surface: the home page's three icons. */
function IconBadge({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" style={{ fill: 'var(--app-surface-strong)' }} />
      <g style={iconStyle}>{children}</g>
    </svg>
  );
}

export function LeafIcon() {
  return (
    <IconBadge>
      <path d="M14 34c0-12 8-20 22-21-1 14-9 21-22 21z" />
      <path d="M14 34l12-12" />
    </IconBadge>
  );
}

export function CalendarIcon() {
  return (
    <IconBadge>
      <rect x="13" y="15" width="22" height="20" rx="3" />
      <path d="M13 21h22M19 12v6M29 12v6" />
      <path d="M20 28l3 3 6-6" />
    </IconBadge>
  );
}

export function RestIcon() {
  return (
    <IconBadge>
      <path d="M30 13a11 11 0 1 0 6 17 9 9 0 0 1-6-17z" />
      <path d="M12 36c4-2 8-2 12 0s8 2 12 0" />
    </IconBadge>
  );
}
