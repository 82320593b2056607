import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bookingStatuses, DEFAULT_BRAND_PALETTE } from '@app/shared';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { bookingMark, closedEvents, type DiaryMark, diaryMarkClass } from './diary-marks.ts';

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const palette = withoutComments(readFileSync(resolve(import.meta.dirname, 'diary-marks.css'), 'utf8'));
const globalCss = withoutComments(readFileSync(resolve(import.meta.dirname, '../app/global.css'), 'utf8'));

/** The custom properties a CSS block sets, by name. */
function declarations(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) return {};
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1] as string, (match[2] as string).trim()]),
  );
}

/** What Mantine, the default brand and global.css give the variables the palette is made of, in one scheme. */
function tokens(scheme: 'light' | 'dark'): Record<string, string> {
  const brand = DEFAULT_BRAND_PALETTE.shades[DEFAULT_BRAND_PALETTE.primaryShade] as string;
  return {
    '--mantine-primary-color-filled': brand,
    '--mantine-primary-color-contrast': DEFAULT_THEME.white,
    '--mantine-color-text': scheme === 'light' ? DEFAULT_THEME.black : DEFAULT_THEME.colors.dark[0],
    '--mantine-color-body': scheme === 'light' ? DEFAULT_THEME.white : DEFAULT_THEME.colors.dark[7],
    ...declarations(globalCss, ':root'),
    ...(scheme === 'dark' ? declarations(globalCss, ':root[data-mantine-color-scheme="dark"]') : {}),
    ...declarations(palette, ':root'),
  };
}

type Rgb = [number, number, number];
const hex = (value: string): Rgb => {
  const digits = value.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb;
};

/** A palette value as a colour: hex, var() and `color-mix(in srgb, a p%, b)`, as the palette writes them. */
function colour(value: string, vars: Record<string, string>): Rgb {
  const v = value.trim();
  const variable = /^var\((--[\w-]+)\)$/.exec(v);
  if (variable) {
    const next = vars[variable[1] as string];
    if (!next) throw new Error(`${variable[1]} is not defined`);
    return colour(next, vars);
  }
  const mix = /^color-mix\(in srgb, (.+) (\d+)%, (.+)\)$/.exec(v);
  if (mix) {
    const [a, b, share] = [colour(mix[1] as string, vars), colour(mix[3] as string, vars), Number(mix[2]) / 100];
    return a.map((channel, i) => channel * share + (b[i] as number) * (1 - share)) as Rgb;
  }
  if (/^#[0-9a-f]{3,6}$/i.test(v)) return hex(v);
  throw new Error(`cannot read ${v}`);
}

function contrast(a: Rgb, b: Rgb): number {
  const luminance = (rgb: Rgb) => {
    const [r, g, bl] = rgb.map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const marks: DiaryMark[] = [...bookingStatuses, 'unavailable'];

/** The custom properties every rule naming `.fc .<the mark's class>` (alone or among others) sets. */
function markDeclarations(mark: DiaryMark): Record<string, string> {
  const selector = `.fc .${diaryMarkClass(mark)}`;
  return Object.fromEntries(
    [...palette.matchAll(/([^{}]+)\{([^}]*)\}/g)]
      .filter(([, selectors]) => (selectors as string).split(',').some((one) => one.trim() === selector))
      .flatMap(([, , body]) =>
        [...(body as string).matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]),
      ),
  );
}

describe('the diary palette', () => {
  it('gives every booking status and unbookable time a mark of its own class', () => {
    const classes = marks.map(diaryMarkClass);
    expect(new Set(classes).size).toBe(marks.length);
    // The classes the end-to-end tests and the diary's hatching look for.
    expect(diaryMarkClass('unavailable')).toBe('diary-block');
    expect(diaryMarkClass('pending')).toBe('diary-pending');
  });

  it('reads a status the availability calendar sent as text, an unknown one as confirmed', () => {
    expect(bookingMark('pending')).toBe('pending');
    expect(bookingMark('no_show')).toBe('no_show');
    expect(bookingMark('something new')).toBe('confirmed');
  });

  it.each(['light', 'dark'] as const)('colours every mark with text that passes WCAG AA in the %s scheme', (scheme) => {
    const vars = tokens(scheme);
    for (const mark of marks) {
      const set = markDeclarations(mark);
      const background = set['--fc-event-bg-color'];
      const text = set['--fc-event-text-color'];
      expect(background, `${mark} has a background`).toBeDefined();
      expect(text, `${mark} has a text colour`).toBeDefined();
      const ratio = contrast(colour(background as string, vars), colour(text as string, vars));
      expect(ratio, `${mark} in the ${scheme} scheme`).toBeGreaterThanOrEqual(4.5);
    }
    // The hatching of unbookable time lies under its text too.
    const blockText = colour(markDeclarations('unavailable')['--fc-event-text-color'] as string, vars);
    expect(contrast(colour('var(--diary-unavailable-stripe)', vars), blockText)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('closedEvents', () => {
  it('shades each day outside its open hours, on the business clock, and all of a closed day', () => {
    // Open 10:00–13:00 and 14:00–21:00 London time on 1 July (BST, UTC+1); 2 July closed (a holiday).
    const open = [
      { start: '2026-07-01T09:00:00.000Z', end: '2026-07-01T12:00:00.000Z' },
      { start: '2026-07-01T13:00:00.000Z', end: '2026-07-01T20:00:00.000Z' },
    ];
    const events = closedEvents(open, '2026-07-01', '2026-07-02', 'Europe/London');
    expect(events.map((event) => [(event.start as Date).toISOString(), (event.end as Date).toISOString()])).toEqual([
      ['2026-07-01T00:00:00.000Z', '2026-07-01T10:00:00.000Z'],
      ['2026-07-01T13:00:00.000Z', '2026-07-01T14:00:00.000Z'],
      ['2026-07-01T21:00:00.000Z', '2026-07-02T00:00:00.000Z'],
      ['2026-07-02T00:00:00.000Z', '2026-07-03T00:00:00.000Z'],
    ]);
    expect(events.every((event) => event.display === 'background')).toBe(true);
    expect(events.every((event) => (event.classNames as string[]).includes('diary-closed'))).toBe(true);
  });
});
