import { randomUUID } from 'node:crypto';
import {
  AppError,
  brandPalette,
  DEFAULT_BRAND_COLOR,
  homeWordsOf,
  type PublicWebsite,
  type SiteFonts,
  WEBSITE_IMAGE_FORMATS,
  WEBSITE_IMAGE_WIDTHS,
  type WebsiteAdmin,
  type WebsiteImage,
  type WebsiteImageFormat,
  type WebsiteSettings,
  websiteImageMessage,
  websiteImageUrl,
  websiteSettingsInput,
} from '@app/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type WebsiteImageVariant, websiteImage, websiteSettings } from '../../db/schema.ts';
import { saveSingleRow } from '../../lib/single-row.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, requireRole } from '../auth/actor.ts';
import type { FileStore } from '../storage/file-store.ts';
import { tooLargeMessage } from '../storage/storage.service.ts';

// ---------------------------------------------------------------------------------------------
// Resizing

const photoTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif', 'image/gif'];

export type ResizedImage = {
  width: number;
  height: number;
  outputs: { width: number; format: WebsiteImageFormat; bytes: Buffer }[];
};

/**
 * Every width of WEBSITE_IMAGE_WIDTHS up to the photo's own (a smaller photo keeps its width), in AVIF, WebP and JPEG;
 * turned upright from its EXIF orientation, and with no metadata kept (a phone's photo carries where it was taken).
 */
export async function resizeWebsiteImage(bytes: Buffer): Promise<ResizedImage> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !photoTypes.includes(type.mime)) throw new AppError('VALIDATION', websiteImageMessage);
  // Loaded on the first photo: the image library holds about 20 MB an idle server does not need.
  const { default: sharp } = await import('sharp');
  let upright: { data: Buffer; width: number; height: number };
  try {
    // Turned once, losslessly enough (PNG), then re-encoded for every size (first frame only for a GIF).
    const data = await sharp(bytes, { failOn: 'error' }).rotate().png({ compressionLevel: 1 }).toBuffer();
    const meta = await sharp(data).metadata();
    upright = { data, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw new AppError(
      'VALIDATION',
      'This photo could not be read. Save it as a JPEG or PNG (on an iPhone: Settings › Camera › Formats › Most Compatible) and try again.',
    );
  }
  const { width, height } = upright;
  const widths: number[] = WEBSITE_IMAGE_WIDTHS.filter((w) => w < width);
  if (widths.length < WEBSITE_IMAGE_WIDTHS.length) widths.push(Math.min(width, WEBSITE_IMAGE_WIDTHS.at(-1) ?? width));
  const outputs: ResizedImage['outputs'] = [];
  for (const w of [...new Set(widths)]) {
    const resized = sharp(upright.data).resize({ width: w, withoutEnlargement: true });
    const [avif, webp, jpeg] = await Promise.all([
      resized.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
      resized.clone().webp({ quality: 78 }).toBuffer(),
      resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
    ]);
    outputs.push(
      { width: w, format: 'avif', bytes: avif },
      { width: w, format: 'webp', bytes: webp },
      { width: w, format: 'jpeg', bytes: jpeg },
    );
  }
  return { width, height, outputs };
}

const contentTypes: Record<WebsiteImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
const extensionOf = (format: WebsiteImageFormat) => (format === 'jpeg' ? 'jpg' : format);

type ImageRow = typeof websiteImage.$inferSelect;

function imageOf(row: ImageRow): WebsiteImage {
  const widths = [...new Set(row.variants.map((v) => v.width))].sort((a, b) => a - b);
  const largest = widths.at(-1) ?? row.width;
  // The displayed size of the largest variant: the page reserves the right box before the photo arrives.
  return { id: row.id, width: largest, height: Math.round((row.height * largest) / row.width), widths };
}

// ---------------------------------------------------------------------------------------------
// The owner's side

export async function uploadWebsiteImage(
  { db, files }: { db: Db; files: FileStore },
  { actor, input }: { actor: Actor | null; input: { bytes: Buffer; maxBytes: number } },
): Promise<WebsiteImage> {
  const admin = requireRole(actor, 'admin');
  if (input.bytes.length > input.maxBytes) throw new AppError('VALIDATION', tooLargeMessage(input.maxBytes, 'photo'));
  if (input.bytes.length === 0) throw new AppError('VALIDATION', 'The file is empty.');
  const resized = await resizeWebsiteImage(input.bytes);
  const id = randomUUID();
  const variants: WebsiteImageVariant[] = [];
  try {
    for (const output of resized.outputs) {
      const path = `website/${id}/${output.width}.${extensionOf(output.format)}`;
      await files.put(path, output.bytes, contentTypes[output.format]);
      variants.push({ width: output.width, format: output.format, path, size: output.bytes.length });
    }
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(websiteImage)
        .values({
          id,
          bucket: files.bucket,
          width: resized.width,
          height: resized.height,
          variants,
          uploadedBy: admin.id,
        })
        .returning();
      if (!inserted) throw new Error('website_image insert returned no row');
      await recordAudit(tx, {
        actor: admin,
        action: 'website.photo-uploaded',
        entityType: 'setting',
        entityId: `website-image:${id}`,
        before: null,
        after: {
          width: resized.width,
          height: resized.height,
        },
      });
      return inserted;
    });
    return imageOf(row);
  } catch (error) {
    await Promise.all(variants.map((v) => files.remove(v.path).catch(() => {})));
    throw error;
  }
}

export async function websiteSettingsOf(db: DbOrTx): Promise<WebsiteSettings> {
  const [row] = await db.select().from(websiteSettings).where(eq(websiteSettings.id, 1));
  // Parsed again so settings saved before a field existed get its default.
  return websiteSettingsInput.parse(row?.settings ?? {});
}

export function referencedImageIds(settings: WebsiteSettings): string[] {
  return [
    settings.logoId,
    settings.heroImageId,
    settings.therapistPhotoId,
    settings.mapImageId,
    ...settings.gallery.map((item) => item.imageId),
  ].filter((id): id is string => id !== null);
}

async function imagesById(db: DbOrTx, ids: string[]): Promise<Map<string, ImageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(websiteImage).where(inArray(websiteImage.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function getWebsiteAdmin(db: Db, { actor }: { actor: Actor | null }): Promise<WebsiteAdmin> {
  requireRole(actor, 'admin');
  const settings = await websiteSettingsOf(db);
  const rows = await imagesById(db, referencedImageIds(settings));
  return { settings, images: Object.fromEntries([...rows].map(([id, row]) => [id, imageOf(row)])) };
}

export async function updateWebsiteSettings(db: Db, { actor, input }: InputRequest): Promise<WebsiteAdmin> {
  const admin = requireRole(actor, 'admin');
  const settings = parseInput(websiteSettingsInput, input);
  await db.transaction(async (tx) => {
    const ids = referencedImageIds(settings);
    const known = await imagesById(tx, ids);
    const missing = ids.find((id) => !known.has(id));
    if (missing) throw new AppError('VALIDATION', 'A photo is no longer on the server: upload it again.');
    const before = (await tx.select().from(websiteSettings).where(eq(websiteSettings.id, 1)))[0]?.settings ?? null;
    await saveSingleRow(tx, websiteSettings, { settings });
    await recordAudit(tx, {
      actor: admin,
      action: 'website.updated',
      entityType: 'setting',
      entityId: 'website',
      before,
      after: settings,
    });
  });
  return getWebsiteAdmin(db, { actor });
}

// ---------------------------------------------------------------------------------------------
// What visitors, emails and invoices see

export async function publicWebsiteOf(db: DbOrTx, settings?: WebsiteSettings): Promise<PublicWebsite> {
  const s = settings ?? (await websiteSettingsOf(db));
  const rows = await imagesById(db, referencedImageIds(s));
  const image = (id: string | null) => {
    const row = id === null ? undefined : rows.get(id);
    return row ? imageOf(row) : null;
  };
  const palette = brandPalette(s.brandColor ?? DEFAULT_BRAND_COLOR);
  const hero = image(s.heroImageId);
  // The card shows as soon as anything of it is filled in: a named person sells more than a room.
  const hasTherapist =
    s.therapistName !== '' ||
    s.therapistText !== '' ||
    s.therapistPhotoId !== null ||
    s.therapistQualifications !== '' ||
    s.therapistYears !== null;
  return {
    brand: { color: palette.light, shades: palette.shades, primaryShade: palette.primaryShade, dark: palette.dark },
    logo: image(s.logoId),
    hero: hero ? { image: hero, alt: s.heroAlt, focus: { x: s.heroFocusX, y: s.heroFocusY } } : null,
    about: s.about,
    therapist: hasTherapist
      ? {
          name: s.therapistName,
          text: s.therapistText,
          photo: image(s.therapistPhotoId),
          qualifications: s.therapistQualifications,
          years: s.therapistYears,
        }
      : null,
    gallery: s.gallery.flatMap((item) => {
      const img = image(item.imageId);
      return img ? [{ image: img, alt: item.alt }] : [];
    }),
    map: s.mapImageId || s.mapsLink ? { image: image(s.mapImageId), link: s.mapsLink } : null,
    words: homeWordsOf(s),
    fonts: { heading: s.headingFont, text: s.textFont },
  };
}

/** The brand for emails and documents: the colour that reads on white, and the logo (a JPEG, as email and PDF take). */
export type DocumentBrand = {
  color: string;
  logo: { url: string; jpeg: () => Promise<Buffer> } | null;
  /** The site's type (site-fonts.ts): named first in emails, embedded in PDFs. */
  fonts: SiteFonts;
};

export async function documentBrandOf(
  { db, files }: { db: DbOrTx; files: FileStore | null },
  { publicUrl }: { publicUrl: string },
): Promise<DocumentBrand> {
  const settings = await websiteSettingsOf(db);
  const color = brandPalette(settings.brandColor ?? DEFAULT_BRAND_COLOR).light;
  const fonts: SiteFonts = { heading: settings.headingFont, text: settings.textFont };
  if (!settings.logoId) return { color, logo: null, fonts };
  const [row] = await db.select().from(websiteImage).where(eq(websiteImage.id, settings.logoId));
  const jpeg = row?.variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width)[0];
  if (!row || !jpeg) return { color, logo: null, fonts };
  return {
    color,
    fonts,
    logo: {
      url: `${publicUrl}${websiteImageUrl(row.id, jpeg.width, 'jpeg')}`,
      jpeg: async () => {
        if (!files) throw new Error('no file store');
        return files.get(jpeg.path);
      },
    },
  };
}

const imageFilePattern = /^(\d{1,5})\.(avif|webp|jpg)$/;
// Lower case only, unlike lib/validation's uuidPattern: a photo has one address, the one the site links to.
const photoIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function noSuchImage(): AppError {
  return new AppError('NOT_FOUND', 'There is no such photo on this website.');
}

/** One size of a photo the website shows; any other photo (an old upload, a receipt) is not found. */
export async function readPublicImage(
  { db, files }: { db: Db; files: FileStore },
  { id, file }: { id: string; file: string },
): Promise<{ bytes: Buffer; contentType: string; etag: string }> {
  const match = imageFilePattern.exec(file);
  if (!photoIdPattern.test(id) || !match) throw noSuchImage();
  const settings = await websiteSettingsOf(db);
  if (!referencedImageIds(settings).includes(id)) throw noSuchImage();
  const [row] = await db.select().from(websiteImage).where(eq(websiteImage.id, id));
  const format = (match[2] === 'jpg' ? 'jpeg' : match[2]) as WebsiteImageFormat;
  const variant = row?.variants.find((v) => v.width === Number(match[1]) && v.format === format);
  if (!row || !variant || row.bucket !== files.bucket || !WEBSITE_IMAGE_FORMATS.includes(format)) throw noSuchImage();
  return { bytes: await files.get(variant.path), contentType: contentTypes[format], etag: `"${id}-${file}"` };
}
