import type { Service, Style } from '@app/shared';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useServices, visibleStyles } from '../../lib/catalog/api.ts';
import { useSensualFlag } from '../../lib/catalog/sensual-flag.ts';
import grid from '../card-grid.module.css';
import { Notice } from '../notice.tsx';
import { ServiceCard } from './service-card.tsx';

const styleHeadings: Record<Style, string> = { therapeutic: 'Therapeutic massage', sensual: 'Sensual massage' };

type ServiceListProps = {
  locale?: string;
  currency?: string;
  /** Only this style (the `style` query of /book); otherwise every style the visitor may see. */
  style?: Style;
  selectedType?: string | null;
};

/** Services grouped by style, with durations and prices from the server. */
export function ServiceList({ locale, currency, style, selectedType }: ServiceListProps) {
  const withSensual = useSensualFlag();
  const { data: services, isPending, isError } = useServices();
  if (isPending) return <Loader aria-label="Loading services" />;
  if (isError) {
    return (
      <Notice color="red" title="Prices could not be loaded">
        Please check your connection and reload the page.
      </Notice>
    );
  }
  const styles = visibleStyles(withSensual).filter((candidate) => !style || candidate === style);
  const groups = styles
    .map((groupStyle) => ({ style: groupStyle, services: services.filter((s: Service) => s.style === groupStyle) }))
    .filter((group) => group.services.length > 0);
  if (groups.length === 0) return <Text>No services are offered at the moment.</Text>;
  return (
    <Stack gap="xl">
      {groups.map((group) => (
        <section key={group.style} aria-labelledby={`style-${group.style}`}>
          <Title order={2} size="h3" id={`style-${group.style}`} mb="md">
            {styleHeadings[group.style]}
          </Title>
          <div className={grid.upToThree}>
            {group.services.map((service) => (
              <ServiceCard
                key={service.id}
                service={service}
                locale={locale}
                currency={currency}
                selected={selectedType === service.type}
              />
            ))}
          </div>
        </section>
      ))}
    </Stack>
  );
}
