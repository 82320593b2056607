import type { CSSProperties } from 'react';

// Mantine's default colours for these parts fail WCAG AA contrast on white; each is replaced by a darker one.

/** An Alert's title in the text colour: the light variant's coloured title (red 6 on red 0 and the like) is too pale. */
export const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** A field's description in the muted text colour rather than Mantine's dimmed grey. */
export const readableDescription = { description: { color: 'var(--app-muted)' } };

/** Error messages and an invalid field's text in a darker red than Mantine's. */
export const readableErrors = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
