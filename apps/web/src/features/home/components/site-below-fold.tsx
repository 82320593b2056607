import type { PublicWebsite } from '@app/shared';
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import grid from '../../../components/card-grid.module.css';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import { CalendarIcon, LeafIcon, RestIcon } from './illustrations.tsx';
import classes from './site.module.css';

// The home page's sections below the fold: a chunk of their own, so they never weigh on the first script.

const stepIcons = [LeafIcon, CalendarIcon, RestIcon];

/** The three steps, in the owner's words where written (HOME_WORDS otherwise). */
export function HowItWorks({ steps }: { steps: readonly PublicWebsite['words']['steps'][number][] }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="how-heading">
      <Title order={2} id="how-heading">
        How it works
      </Title>
      <div className={grid.three}>
        {steps.map(({ title, text }, index) => {
          const Icon = stepIcons[index % stepIcons.length] ?? LeafIcon;
          return (
            <div key={title} className={classes.step}>
              <Stack gap="xs">
                <Icon />
                <Title order={3} size="h4">
                  {title}
                </Title>
                <Text className={classes.muted}>{text}</Text>
              </Stack>
            </div>
          );
        })}
      </div>
    </Stack>
  );
}

export function AboutSection({ about, therapist }: Pick<PublicWebsite, 'about' | 'therapist'>) {
  if (!about && !therapist) return null;
  return (
    <section aria-labelledby="about-heading" className={therapist?.photo ? classes.about : undefined}>
      <div>
        <Stack gap="md" maw={680}>
          <Title order={2} id="about-heading">
            {about ? 'About us' : 'Your therapist'}
          </Title>
          {about && (
            <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
              {about}
            </Text>
          )}
          {therapist && (therapist.name || therapist.text || therapist.qualifications || therapist.years !== null) && (
            <Stack gap={4}>
              {about && therapist.name && (
                <Title order={3} size="h4">
                  {therapist.name}
                </Title>
              )}
              {!about && therapist.name && <Text fw={600}>{therapist.name}</Text>}
              {(therapist.qualifications || therapist.years !== null) && (
                <Text size="sm" className={classes.muted}>
                  {[
                    therapist.qualifications,
                    therapist.years !== null && therapist.years > 0
                      ? `${therapist.years} ${therapist.years === 1 ? 'year' : 'years'} in practice`
                      : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
              {therapist.text && <Text style={{ whiteSpace: 'pre-line' }}>{therapist.text}</Text>}
            </Stack>
          )}
        </Stack>
      </div>
      {therapist?.photo && (
        <div className={classes.portrait}>
          <ResponsivePicture
            image={therapist.photo}
            alt={therapist.name ? `${therapist.name}, your therapist` : 'Your therapist'}
            sizes="(min-width: 62em) 26rem, 100vw"
          />
        </div>
      )}
    </section>
  );
}

export function GallerySection({ gallery }: Pick<PublicWebsite, 'gallery'>) {
  if (gallery.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="gallery-heading">
      <Title order={2} id="gallery-heading">
        A look inside
      </Title>
      <ul className={classes.gallery}>
        {gallery.map((item) => (
          <li key={item.image.id}>
            <figure>
              <ResponsivePicture image={item.image} alt={item.alt} sizes="(min-width: 48em) 33vw, 50vw" />
            </figure>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={classes.infoCard}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </div>
  );
}
