import { COVER_HEIGHT, COVER_SIZES, coverPosition, type PublicWebsite } from '@app/shared';
import { lazy, Suspense } from 'react';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import classes from './site.module.css';

export { classes as siteClasses };

// A drawing shown on wide screens only, beside the words: it never holds up the page's first script.
const importArt = () => import('./illustrations.tsx');
let art: Awaited<ReturnType<typeof importArt>> | undefined;
const LazyStonesArt = lazy(() => importArt().then((m) => ({ default: m.StonesArt })));

/** Loaded before React takes over home as the server drew it (preloadHomeParts). */
export async function preloadHeroArt(): Promise<void> {
  art ??= await importArt();
}

/** Beside the hero's words until the owner has a cover photo: the project's own drawing. */
export function HeroArt() {
  return (
    <Suspense fallback={null}>
      {art ? <art.StonesArt className={classes.heroArt} /> : <LazyStonesArt className={classes.heroArt} />}
    </Suspense>
  );
}

/**
 * The owner's cover photo across the top of the home page, cropped around their focal point. The server draws the
 * same picture in the first paint (seo.service.ts coverHtml), with the same height, sizes and crop.
 */
export function CoverPhoto({ hero }: { hero: NonNullable<PublicWebsite['hero']> }) {
  return (
    <div style={{ height: COVER_HEIGHT, overflow: 'hidden' }}>
      <ResponsivePicture
        image={hero.image}
        alt={hero.alt}
        sizes={COVER_SIZES}
        priority
        style={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: coverPosition(hero.focus) }}
      />
    </div>
  );
}
