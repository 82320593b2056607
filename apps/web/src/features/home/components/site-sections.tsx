import type { PublicWebsite } from '@app/shared';
import { lazy, Suspense } from 'react';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import classes from './site.module.css';

export { classes as siteClasses };

// A drawing shown on wide screens only, beside the words: it never holds up the page's first script.
const StonesArt = lazy(() => import('./illustrations.tsx').then((m) => ({ default: m.StonesArt })));

/** Beside the hero's words: the owner's photo, or the project's own drawing until there is one. */
export function HeroPicture({ hero }: { hero: PublicWebsite['hero'] }) {
  if (!hero)
    return (
      <Suspense fallback={null}>
        <StonesArt className={classes.heroArt} />
      </Suspense>
    );
  return (
    <div className={classes.heroPhoto}>
      <ResponsivePicture image={hero.image} alt={hero.alt} sizes="(min-width: 62em) 22rem, 100vw" />
    </div>
  );
}
