import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_INTRO } from '../features/home/routes/home-page.tsx';

const indexHtml = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');

describe("index.html's first-paint shell", () => {
  it('says exactly what the home page says once the app has started', () => {
    expect(indexHtml).toContain('>Massage that fits your day</h1>');
    expect(indexHtml).toContain(`>${HOME_INTRO}</p>`);
  });

  it('mounts the app into #q-app and carries the page metadata', () => {
    expect(indexHtml).toContain('<div id="q-app">');
    expect(indexHtml).toMatch(/<html lang="en">/);
    expect(indexHtml).toMatch(/name="description"\s+content="[^"]{50,}"/);
    expect(indexHtml).toMatch(/<meta name="theme-color" content="#0b7285"/);
  });
});
