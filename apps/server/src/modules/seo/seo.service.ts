import {
  bookingAliases,
  COVER_HEIGHT,
  COVER_SIZES,
  coverPosition,
  HOME_WORDS,
  type HomeWords,
  type MassageType,
  type PublicWebsite,
  type Service,
  sensualAccessAliases,
  siteFontFaceCss,
  siteFontFiles,
  siteFontStacks,
  websiteImageSrcSet,
  websiteImageUrl,
} from '@app/shared';
import { asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { service } from '../../db/schema.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { type BusinessEnv, getBusinessDetails } from '../business/business.service.ts';
import { escapeHtml } from '../emails/templates.ts';
import { ratingSummary } from '../reviews/reviews.service.ts';
import { toService } from '../services/services.service.ts';
import { publicWebsiteOf, websiteSettingsOf } from '../website/website.service.ts';
import { PREVIEW_CARD, previewCardVersion } from './preview-card.ts';

/**
 * What search engines and link previews read before any script runs (decision 043): the head of every page, the
 * business's JSON-LD, the sitemap and robots.txt. Private treatments are never named, listed or previewed: their
 * pages answer `noindex` and show the business's neutral card, unless the owner lets search engines list them.
 */

export type SeoEnv = BusinessEnv & { BUSINESS_TIME_ZONE: string; BUSINESS_CURRENCY: string; BUSINESS_LOCALE: string };

const typeTitles: Record<string, string> = {
  swedish: 'Swedish massage',
  deeptissue: 'Deep tissue massage',
  both: 'Swedish and deep tissue massage',
  sensual: 'Sensual massage',
  naturist: 'Naturist massage',
  bodytobody: 'Body-to-body massage',
};

/** The public pages a search engine may list: home, the booking page and one booking link per treatment. */
export const publicBookingTypes = ['swedish', 'deeptissue', 'both'] as const;

type PageKind =
  | { kind: 'home' }
  | { kind: 'book'; type?: (typeof publicBookingTypes)[number] }
  | { kind: 'private-treatment'; type?: MassageType }
  | { kind: 'personal' };

const sensualTypes = new Set<string>(
  sensualAccessAliases.map((alias) => bookingAliases[alias]?.type as MassageType).filter(Boolean),
);

/**
 * A private treatment's address when the owner lets search engines list them: the spec's alias named like the
 * type (`/naturist`), which also lets the visitor see it (a bare `/book?style=sensual` would not).
 */
const privateTreatmentPath = (type: string) => `/${type}`;

/** Which page an address is, for its head: the spec's aliases land on /book with a style and type. */
export function pageOf(path: string, query: URLSearchParams): PageKind {
  const alias = bookingAliases[path.replace(/^\/+|\/+$/g, '')];
  if (alias) {
    if (alias.style === 'sensual') return { kind: 'private-treatment', type: alias.type };
    return { kind: 'book', type: alias.type as (typeof publicBookingTypes)[number] };
  }
  if (path === '/') return { kind: 'home' };
  if (path === '/book') {
    const style = query.get('style');
    const type = query.get('type');
    if (style === 'sensual' || (type && sensualTypes.has(type)))
      return { kind: 'private-treatment', ...(type && sensualTypes.has(type) && { type: type as MassageType }) };
    const known = publicBookingTypes.find((candidate) => candidate === type);
    return { kind: 'book', ...(known && { type: known }) };
  }
  return { kind: 'personal' };
}

/** JSON inside a script element: a `</script>` in a business's text must not end it. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const bookingPath = (type: string) => `/book?style=therapeutic&type=${type}`;

export type SiteFacts = Awaited<ReturnType<typeof siteFacts>>;

/** Everything the heads and the JSON-LD say, read once per page. */
export async function siteFacts({ db, env }: { db: Db; env: SeoEnv }) {
  const [details, rules, services, settings, rating] = await Promise.all([
    getBusinessDetails({ db, env }),
    getBookingRules(db, { timeZone: env.BUSINESS_TIME_ZONE }),
    db.select().from(service).where(eq(service.active, true)).orderBy(asc(service.sortOrder)),
    websiteSettingsOf(db),
    ratingSummary(db),
  ]);
  const website = await publicWebsiteOf(db, settings);
  const therapeutic = services.filter((row) => row.style === 'therapeutic');
  return {
    details,
    weeklyHours: rules.weeklyHours,
    therapeutic,
    /** The approved reviews' average, or null below the minimum count (decision 074). */
    rating,
    brandColor: website.brand.color,
    /** The home page's headline and introduction, for the first paint (withHead). */
    words: website.words,
    /** The cover photo, drawn in the first paint of the home page (coverHtml). */
    cover: website.hero,
    /** The site's type, preloaded on the public pages (fontTags). */
    fonts: website.fonts,
    listPrivateTreatments: settings.listPrivateTreatments,
    publishStreetAddress: settings.publishStreetAddress,
    /** The hero and gallery photos, each at the largest size the pages serve. */
    photos: [...(website.hero ? [website.hero.image] : []), ...website.gallery.map((item) => item.image)].map(
      (image) => `/api/website/images/${image.id}/${image.widths.at(-1) ?? image.width}.webp`,
    ),
    card: {
      ...PREVIEW_CARD,
      path: `${PREVIEW_CARD.path}?v=${previewCardVersion(settings.heroImageId, website.brand.color)}`,
    },
    /** What GET /api/config is made from (publicConfigFrom): home rendered on the server is drawn with it. */
    configSources: { rules, details, settings, page: website },
    /** The treatments GET /api/services lists for a visitor without the discretion flag, as it lists them. */
    publicServices: therapeutic.map(toService),
  };
}

function money(pence: number, env: SeoEnv) {
  return new Intl.NumberFormat(env.BUSINESS_LOCALE, {
    style: 'currency',
    currency: env.BUSINESS_CURRENCY,
    maximumFractionDigits: pence % 100 === 0 ? 0 : 2,
  }).format(pence / 100);
}

function priceRange(therapeutic: { durations: Service['durations'] }[], env: SeoEnv): string | undefined {
  const prices = therapeutic.flatMap((row) => row.durations.map((duration) => duration.pricePence));
  if (!prices.length) return undefined;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? money(low, env) : `${money(low, env)}–${money(high, env)}`;
}

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * schema.org HealthAndBeautyBusiness: name, area (never the street address, which clients get with their
 * booking), opening hours from the diary's weekly rules, price range and an offer for each therapeutic treatment
 * and length. Private treatments are not in it.
 */
export function businessJsonLd(facts: SiteFacts, env: SeoEnv & { PUBLIC_URL: string }, image: PreviewImage) {
  const { details, weeklyHours, therapeutic } = facts;
  const url = `${env.PUBLIC_URL}/`;
  const prices = priceRange(therapeutic, env);
  return {
    '@context': 'https://schema.org',
    '@type': 'HealthAndBeautyBusiness',
    '@id': `${url}#business`,
    name: details.businessName,
    url,
    image: [image.path, ...facts.photos].map((path) => `${env.PUBLIC_URL}${path}`),
    ...(details.phone && { telephone: details.phone }),
    ...(details.email && { email: details.email }),
    areaServed: { '@type': 'Place', name: details.area },
    // The street address only when the owner chose to publish it (Website settings); the area otherwise.
    address: {
      '@type': 'PostalAddress',
      ...(facts.publishStreetAddress && details.streetAddress && { streetAddress: details.streetAddress }),
      addressLocality: details.area,
    },
    ...(prices && { priceRange: prices }),
    // Only from enough approved reviews of therapeutic visits: a rating of two reviews is not worth a star.
    ...(facts.rating && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: facts.rating.average.toFixed(1),
        reviewCount: facts.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
    openingHoursSpecification: weeklyHours.flatMap((ranges, weekday) =>
      ranges.map((range) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${dayNames[weekday]}`,
        opens: range.start,
        closes: range.end,
      })),
    ),
    makesOffer: therapeutic.flatMap((row) =>
      row.durations.map((duration) => ({
        '@type': 'Offer',
        name: `${row.name}, ${duration.minutes} minutes`,
        price: (duration.pricePence / 100).toFixed(2),
        priceCurrency: env.BUSINESS_CURRENCY,
        url: `${env.PUBLIC_URL}${bookingPath(row.type)}`,
        itemOffered: {
          '@type': 'Service',
          name: row.name,
          ...(row.description && { description: row.description }),
          serviceType: typeTitles[row.type] ?? row.name,
          provider: { '@id': `${url}#business` },
        },
      })),
    ),
  };
}

/** The picture a shared link shows: the business's card (preview-card.ts). */
export type PreviewImage = { path: string; width: number; height: number };

export type PageHead = {
  tags: string;
  title: string;
  description: string;
  noindex: boolean;
  /** The owner's headline and introduction, which the first paint shows before the app starts. */
  words?: Pick<HomeWords, 'headline' | 'intro'>;
  /** The home page's cover photo as HTML, so the largest paint waits for no script. */
  coverHtml?: string;
};

const attribute = (value: string) => escapeHtml(value);

/**
 * The cover photo as the home page draws it (home-page.tsx, same sizes and crop): AVIF, then WebP, then JPEG, at the
 * widths the image pipeline made, fetched first (`fetchpriority=high`), never lazily.
 */
export function coverHtml(cover: NonNullable<PublicWebsite['hero']>): string {
  const { image } = cover;
  const fallback = image.widths.find((w) => w >= 960) ?? image.widths.at(-1) ?? image.width;
  const source = (format: 'avif' | 'webp') =>
    `<source type="image/${format}" srcset="${attribute(websiteImageSrcSet(image, format))}" sizes="${COVER_SIZES}" />`;
  return (
    `<div class="first-paint-cover" style="height: ${COVER_HEIGHT}; overflow: hidden">` +
    `<picture>${source('avif')}${source('webp')}` +
    `<img src="${attribute(websiteImageUrl(image.id, fallback, 'jpeg'))}" srcset="${attribute(websiteImageSrcSet(image, 'jpeg'))}" ` +
    `sizes="${COVER_SIZES}" width="${image.width}" height="${image.height}" alt="${attribute(cover.alt)}" ` +
    `fetchpriority="high" decoding="async" ` +
    `style="display: block; width: 100%; height: 100%; object-fit: cover; object-position: ${coverPosition(cover.focus)}" />` +
    '</picture></div>'
  );
}

/** Asks for the cover (AVIF, which every browser that preloads by srcset reads) before the stylesheet is parsed. */
function coverPreload(cover: NonNullable<PublicWebsite['hero']>): string {
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${attribute(websiteImageSrcSet(cover.image, 'avif'))}" imagesizes="${COVER_SIZES}" fetchpriority="high" />`;
}

/**
 * The owner's type: its @font-face rules (`font-display: swap`) and, where the first paint uses them, the
 * stacks; on the public pages a preload of each file, from the site's own origin. Nothing for the device's own.
 */
function fontTags(fonts: SiteFacts['fonts'], preload: boolean): string[] {
  const files = siteFontFiles(fonts);
  if (files.length === 0) return [];
  const stacks = siteFontStacks(fonts);
  return [
    ...(preload
      ? files.map((file) => `<link rel="preload" as="font" type="font/woff2" href="${file.url}" crossorigin />`)
      : []),
    `<style>${siteFontFaceCss(fonts)}:root{--mantine-font-family-headings:${stacks.heading};--mantine-font-family:${stacks.text}}</style>`,
  ];
}

/** The head of one page: title, description, canonical address, Open Graph and Twitter card, and JSON-LD on home. */
export function pageHead(
  page: PageKind,
  facts: SiteFacts,
  env: SeoEnv & { PUBLIC_URL: string },
  options: { image: PreviewImage },
): PageHead {
  const { businessName: name, area } = facts.details;
  const prices = priceRange(facts.therapeutic, env);
  const neutral = {
    title: `Massage in ${area} — ${name}`,
    description: `Professional massage by appointment in ${area}. See prices and times and book online with ${name}.`,
    path: '/',
  };
  const listed = page.kind === 'private-treatment' && page.type && facts.listPrivateTreatments ? page.type : null;
  const head = listed
    ? {
        title: `${typeTitles[listed]} in ${area} — ${name}`,
        description: `Book a ${typeTitles[listed]?.toLowerCase()} in ${area} online with ${name}: choose a length and a time.`,
        path: privateTreatmentPath(listed),
      }
    : page.kind === 'book' && page.type
      ? {
          title: `${typeTitles[page.type]} in ${area} — ${name}`,
          description: `Book a ${typeTitles[page.type]?.toLowerCase()} in ${area} online with ${name}: choose a length and a time${prices ? `, from ${prices.split('–')[0]}` : ''}.`,
          path: bookingPath(page.type),
        }
      : page.kind === 'book'
        ? {
            title: `Book a massage in ${area} — ${name}`,
            description: `Choose a treatment, its length and a time, and book a massage in ${area} with ${name}.`,
            path: '/book',
          }
        : neutral;
  const noindex = (page.kind === 'private-treatment' && !listed) || page.kind === 'personal';
  const canonical = `${env.PUBLIC_URL}${head.path}`;
  const image = `${env.PUBLIC_URL}${options.image.path}`;
  const meta = (key: 'name' | 'property', id: string, content: string) =>
    `<meta ${key}="${id}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'theme-color', facts.brandColor),
    ...(noindex ? [meta('name', 'robots', 'noindex')] : [`<link rel="canonical" href="${escapeHtml(canonical)}" />`]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', name),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(options.image.width)),
    meta('property', 'og:image:height', String(options.image.height)),
    meta('property', 'og:image:alt', name),
    meta('name', 'twitter:card', options.image.width > options.image.height ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    ...(page.kind === 'home'
      ? [`<script type="application/ld+json">${scriptJson(businessJsonLd(facts, env, options.image))}</script>`]
      : []),
    ...(page.kind === 'home' && facts.cover ? [coverPreload(facts.cover)] : []),
    ...fontTags(facts.fonts, page.kind !== 'personal'),
  ].join('\n    ');
  return {
    tags,
    title: head.title,
    description: head.description,
    noindex,
    words: facts.words,
    // Only on home: a picture in the hidden first paint of another page would still be downloaded.
    ...(page.kind === 'home' && facts.cover && { coverHtml: coverHtml(facts.cover) }),
  };
}

/** The app shell with this page's head in place of the built one's title, description and theme colour. */
export function withHead(indexHtml: string, head: PageHead): string {
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
    .replace(/<meta\s+name="theme-color"[\s\S]*?\/>\s*/, '')
    .replace('</head>', `  ${head.tags}\n  </head>`)
    .replace(`>${HOME_WORDS.headline}</h1>`, () => `>${escapeHtml(head.words?.headline ?? HOME_WORDS.headline)}</h1>`)
    .replace(`>${HOME_WORDS.intro}</p>`, () => `>${escapeHtml(head.words?.intro ?? HOME_WORDS.intro)}</p>`)
    .replace('<div class="first-paint-home" aria-hidden="true">', (shell) => `${shell}${head.coverHtml ?? ''}`);
}

/**
 * /sitemap.xml: the public pages and a booking link per therapeutic treatment, dated by the catalogue's last change;
 * the private treatments on offer only when the owner lets search engines list them.
 */
export async function sitemapXml(db: Db, { publicUrl }: { publicUrl: string }): Promise<string> {
  const [[latest], settings, offered] = await Promise.all([
    db.select({ at: max(service.updatedAt) }).from(service),
    websiteSettingsOf(db),
    db.selectDistinct({ type: service.type }).from(service).where(eq(service.active, true)),
  ]);
  const lastmod = (latest?.at ?? new Date()).toISOString().slice(0, 10);
  const privateTypes = settings.listPrivateTreatments
    ? [...sensualTypes].filter((type) => offered.some((row) => row.type === type))
    : [];
  const paths = ['/', '/book', ...publicBookingTypes.map(bookingPath), ...privateTypes.map(privateTreatmentPath)];
  const urls = paths
    .map((path) => `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
