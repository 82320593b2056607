import { HOME_WORDS } from '@app/shared';
import { Box, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ServiceList } from '../../../components/catalog/service-list.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { withFullStyles } from '../../../lib/styles/with-full-styles.ts';
import { CoverPhoto, HeroArt, preloadHeroArt, siteClasses } from '../components/site-sections.tsx';
import { HOME_LIVE_EVENT, HOME_TITLE } from '../home-data.ts';

const importBelowFold = () => import('../components/home-below-fold.tsx');
let belowFold: Awaited<ReturnType<typeof importBelowFold>> | undefined;
const LazyBelowFold = lazy(importBelowFold);

/**
 * Every part of home that loads on demand, loaded before React takes over the page the server drew (decision 100). A
 * part still loading then is left as the server's HTML until its code comes, and an update that reaches it meanwhile
 * makes React draw it afresh: its fallback flashes where the content was, and the content's elements are replaced.
 */
export async function preloadHomeParts(): Promise<void> {
  await Promise.all([importBelowFold().then((module) => (belowFold = module)), preloadHeroArt()]);
}

// Only a signed-in client loads it: a visitor's first script stays as it was.
const YourVisits = lazy(() => import('../components/your-visits.tsx'));

/** Where the sections below the treatments will be, while their chunk or the configuration arrives. */
function BelowFoldSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={32} width={220} />
      <Skeleton height={160} />
    </Stack>
  );
}

const LegalModals = lazy(() =>
  withFullStyles(() => import('../components/legal-modals.tsx')).then((m) => ({ default: m.LegalModals })),
);

/** The terms and policy texts load when their query asks for them, and stay for the closing animation. */
function useLegalModalsWanted(): boolean {
  const [searchParams] = useSearchParams();
  const asked =
    searchParams.get('termsandconditions') === 'true' || searchParams.get('cookiesandprivacypolicy') === 'true';
  const [wanted, setWanted] = useState(asked);
  useEffect(() => {
    if (asked) setWanted(true);
  }, [asked]);
  return wanted || asked;
}

/** Also in index.html's first-paint shell (a unit test keeps the two the same); the server puts the owner's there. */
export const HOME_INTRO = HOME_WORDS.intro;

export function HomePage() {
  usePageTitle(HOME_TITLE);
  useEffect(() => {
    document.dispatchEvent(new Event(HOME_LIVE_EVENT));
  }, []);
  const { data: config, isPending } = usePublicConfig();
  const { user, role } = useCurrentUser();
  const businessName = config?.businessName ?? 'Our studio';
  const legalModalsWanted = useLegalModalsWanted();
  const website = config?.website;
  // The owner's words, or the product's until the configuration arrives (the server's first paint has the owner's).
  const words = website?.words ?? HOME_WORDS;
  return (
    <>
      {/* The cover and the hero's words sit where the server's first paint put them. */}
      {website?.hero && <CoverPhoto hero={website.hero} />}
      <Box className={`${siteClasses.band} home-hero`}>
        <div className={siteClasses.ripples} aria-hidden />
        <Container size="lg" py="xl" className={website?.hero ? undefined : siteClasses.heroInner}>
          <Stack gap="md" component="section" aria-labelledby="home-heading" maw={720}>
            <Title order={1} id="home-heading">
              {words.headline}
            </Title>
            <Text size="lg">{words.intro}</Text>
            <div>
              <Button component={Link} to="/book" size="lg">
                {words.callToAction}
              </Button>
            </div>
            {user && role === 'user' && (
              <Suspense fallback={null}>
                <YourVisits />
              </Suspense>
            )}
          </Stack>
          {!isPending && !website?.hero && <HeroArt />}
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <Stack gap={56}>
          <Stack gap="md" component="section" aria-labelledby="services-heading">
            <Title order={2} id="services-heading">
              Treatments and prices
            </Title>
            <ServiceList locale={config?.locale} currency={config?.currency} />
          </Stack>

          {config ? (
            <Suspense fallback={<BelowFoldSkeleton />}>
              {belowFold ? <belowFold.default config={config} /> : <LazyBelowFold config={config} />}
            </Suspense>
          ) : (
            <BelowFoldSkeleton />
          )}
        </Stack>
      </Container>
      {legalModalsWanted && (
        <Suspense fallback={null}>
          <LegalModals businessName={businessName} />
        </Suspense>
      )}
    </>
  );
}
