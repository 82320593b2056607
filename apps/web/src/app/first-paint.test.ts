import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOK_INTRO } from '../features/bookings/routes/book-page.tsx';
import { HOME_INTRO } from '../features/home/routes/home-page.tsx';

const indexHtml = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');

describe("index.html's first-paint shell", () => {
  it('says exactly what the home page says once the app has started', () => {
    expect(indexHtml).toContain('>Massage that fits your day</h1>');
    expect(indexHtml).toContain(`>${HOME_INTRO}</p>`);
  });

  it('says exactly what the booking page says once the app has started', () => {
    expect(indexHtml).toContain('>Book a massage</h1>');
    expect(indexHtml).toContain(`>${BOOK_INTRO}</p>`);
  });

  it('shows grey blocks where the treatments will be on / and /book, not a blank page, until the app starts', () => {
    expect(indexHtml.match(/data-first-paint-skeleton/g)).toHaveLength(2);
    expect(indexHtml).toMatch(/mantine-Skeleton-root" data-visible="true" data-animate="true"/);
  });

  it('starts the app from the route hint script, so a production build can defer it past the first paint', () => {
    expect(indexHtml).toContain('<script src="/route-hint.js"></script>');
    expect(indexHtml).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('mounts the app into #q-app and carries the page metadata', () => {
    expect(indexHtml).toContain('<div id="q-app">');
    expect(indexHtml).toMatch(/<html lang="en">/);
    expect(indexHtml).toMatch(/name="description"\s+content="[^"]{50,}"/);
    expect(indexHtml).toMatch(/<meta name="theme-color" content="#3d6b5e"/);
  });
});
