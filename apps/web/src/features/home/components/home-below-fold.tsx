import type { PublicConfig } from '@app/shared';
import { List, SimpleGrid, Text } from '@mantine/core';
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
      <HowItWorks />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="section" aria-label="Opening hours and area">
        <InfoCard title="Opening hours">
          <List spacing={4} listStyleType="none">
            {config.openingHoursText.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </InfoCard>
        <InfoCard title="Where">
          <Text>{config.area ? `${config.area}. The full address is sent with your booking confirmation.` : ''}</Text>
        </InfoCard>
      </SimpleGrid>
    </>
  );
}

export default HomeBelowFold;
