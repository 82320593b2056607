import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { websiteImage } from '../../db/schema.ts';
import type { FileStore } from '../storage/file-store.ts';
import { publicWebsiteOf, websiteSettingsOf } from '../website/website.service.ts';

/** The picture every shared link shows, at the size link previews ask for. */
export const PREVIEW_CARD = { path: '/og-image.png', width: 1200, height: 630 } as const;

/**
 * What the card is made of, short: the pages name the card with it (`/og-image.png?v=…`), so a messenger that keeps
 * a preview by its address fetches the new card when the photo or colour changes.
 */
export function previewCardVersion(heroImageId: string | null, brandColor: string): string {
  return createHash('sha1')
    .update(`${heroImageId ?? ''}|${brandColor}`)
    .digest('base64url')
    .slice(0, 12);
}

/**
 * The business's card: its hero photo cropped to 1200×630, or, without one, a calm pattern in the brand colour made
 * here (nothing fetched from outside). It never depends on the page, so a private treatment's link previews as the
 * business and nothing more. The ETag changes with the photo or the colour.
 */
export async function previewCard({ db, files }: { db: Db; files: FileStore }): Promise<{ png: Buffer; etag: string }> {
  const settings = await websiteSettingsOf(db);
  const website = await publicWebsiteOf(db, settings);
  const etag = `"card-${previewCardVersion(settings.heroImageId, website.brand.color)}"`;
  const { width, height } = PREVIEW_CARD;
  // Loaded when a card is first asked for (by a messenger), not with the server.
  const { default: sharp } = await import('sharp');
  if (settings.heroImageId) {
    const [row] = await db.select().from(websiteImage).where(eq(websiteImage.id, settings.heroImageId));
    const largest = row?.variants.filter((v) => v.format === 'jpeg').sort((a, b) => b.width - a.width)[0];
    if (row && largest && row.bucket === files.bucket) {
      const photo = await files.get(largest.path);
      return { png: await sharp(photo).resize(width, height, { fit: 'cover' }).png().toBuffer(), etag };
    }
  }
  const [base, light, deep] = [website.brand.color, website.brand.shades[1], website.brand.shades[8]];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <rect width="100%" height="100%" fill="${base}"/>
    <circle cx="1040" cy="90" r="260" fill="${light}" fill-opacity="0.35"/>
    <circle cx="160" cy="600" r="220" fill="${deep}" fill-opacity="0.35"/>
    <circle cx="760" cy="470" r="120" fill="${light}" fill-opacity="0.25"/>
    <path d="M0 420 C 300 340, 520 520, 820 430 S 1200 360, 1200 360 L 1200 630 L 0 630 Z" fill="${deep}" fill-opacity="0.25"/>
  </svg>`;
  return { png: await sharp(Buffer.from(svg)).png().toBuffer(), etag };
}
