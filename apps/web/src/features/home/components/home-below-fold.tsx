import { HOME_WORDS, type PublicConfig } from '@app/shared';
import { Anchor, Stack, Text } from '@mantine/core';
import grid from '../../../components/card-grid.module.css';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import { ReviewsSection } from '../../../components/reviews/reviews-section.tsx';
import classes from './site.module.css';
import { AboutSection, GallerySection, HowItWorks, InfoCard } from './site-below-fold.tsx';

/**
 * Everything of the home page under the treatments: the owner's words and photos, how booking works, hours and
 * area. Loaded as its own chunk once the page has rendered (decision 040): none of it is on screen at first.
 */
export function HomeBelowFold({ config }: { config: PublicConfig }) {
  const website = config.website;
  return (
    <>
      {website && <AboutSection about={website.about} therapist={website.therapist} />}
      {website && <GallerySection gallery={website.gallery} />}
      <ReviewsSection />
      {/* The product's steps without a website row: HOME_WORDS, not website.ts, whose schemas would bring zod. */}
      <HowItWorks steps={website?.words.steps ?? HOME_WORDS.steps} />
      <section className={grid.upToTwo} aria-label="Opening hours and area">
        <InfoCard title="Opening hours">
          <ul className={classes.hours}>
            {config.openingHoursText.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </InfoCard>
        <InfoCard title="Where">
          <Stack gap="sm">
            <Text>{config.area ? `${config.area}. The full address is sent with your booking confirmation.` : ''}</Text>
            {website?.map?.image && (
              <ResponsivePicture
                image={website.map.image}
                alt={`Map of ${config.area || 'the area'}`}
                sizes="(min-width: 48em) 50vw, 100vw"
                style={{ width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
              />
            )}
            {website?.map?.link && (
              <Anchor href={website.map.link} target="_blank" rel="noopener noreferrer" underline="always">
                Open the area in your maps app
              </Anchor>
            )}
          </Stack>
        </InfoCard>
      </section>
    </>
  );
}

export default HomeBelowFold;
