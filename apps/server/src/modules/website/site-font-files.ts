import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { AppError, HEADING_FONTS, SITE_FONT_WEIGHTS, type SiteFont, TEXT_FONTS } from '@app/shared';

const require = createRequire(import.meta.url);

/** `lora-latin-600-normal.woff2`: only the families on the list, the Latin subset and the weights the site uses. */
const fontFilePattern = /^([a-z0-9-]+)-latin-(\d{3})-normal\.woff2$/;

function isServed(font: string, weight: number): font is SiteFont {
  if ((HEADING_FONTS as readonly string[]).includes(font))
    return (SITE_FONT_WEIGHTS.heading as readonly number[]).includes(weight);
  if ((TEXT_FONTS as readonly string[]).includes(font))
    return (SITE_FONT_WEIGHTS.text as readonly number[]).includes(weight);
  return false;
}

const cache = new Map<string, Promise<Buffer>>();

/**
 * One font file of the site's type, read from its @fontsource package (installed with the server), so the site
 * serves it from its own origin. Any other name is not found: the address cannot reach another file.
 */
export async function readSiteFontFile(file: string): Promise<Buffer> {
  const match = fontFilePattern.exec(file);
  const font = match?.[1] ?? '';
  if (!match || !isServed(font, Number(match[2])))
    throw new AppError('NOT_FOUND', 'There is no such font on this website.');
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFile(require.resolve(`@fontsource/${font}/files/${file}`));
    cache.set(file, bytes);
  }
  return bytes;
}

const woffCache = new Map<string, Buffer>();

/**
 * The WOFF file of one family and weight, for a PDF (pdfkit's fontkit reads WOFF, not WOFF2): the same pinned
 * @fontsource package as the site's, Latin subset ('£' and '–' included).
 */
export function siteFontWoff(font: SiteFont, weight: number): Buffer {
  const file = `${font}-latin-${weight}-normal.woff`;
  let bytes = woffCache.get(file);
  if (!bytes) {
    bytes = readFileSync(require.resolve(`@fontsource/${font}/files/${file}`));
    woffCache.set(file, bytes);
  }
  return bytes;
}
