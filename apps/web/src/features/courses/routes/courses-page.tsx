import type { CourseProduct } from '@app/shared';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { SearchField } from '../../../components/list-header.tsx';
import { CardList } from '../../../components/list-table.tsx';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useAddressFilters, useAddressSearch } from '../../../lib/address-filters.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { courseProductsQuery, soldCoursesQuery } from '../api.ts';
import { CourseCards } from '../components/course-cards.tsx';
import { CourseProductForm } from '../components/course-product-form.tsx';
import { SellCourseForm } from '../components/sell-course-form.tsx';

/** /courses — the courses on offer, selling one at the till, and every course sold with its sessions left. */
export function CoursesPage() {
  usePageTitle('Courses');
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const { params, update } = useAddressFilters();
  const q = params.get('q') ?? '';
  const [text, setText] = useAddressSearch('q', update, params);
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const products = useQuery(courseProductsQuery);
  const sold = useQuery(soldCoursesQuery({ q }));
  const [editing, setEditing] = useState<CourseProduct | 'new' | null>(null);
  const [selling, setSelling] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  return (
    <BackOfficePage
      title="Courses"
      actions={
        <Group gap="xs">
          <Button variant="default" onClick={() => setEditing('new')}>
            New course
          </Button>
          <Button onClick={() => setSelling(true)}>Sell a course</Button>
        </Group>
      }
    >
      {done && (
        <DismissibleAlert color="teal" title="Course sold" role="status" onDismiss={() => setDone(null)}>
          {done}
        </DismissibleAlert>
      )}
      <Stack gap="xs">
        <Title order={2} size="h3">
          On offer
        </Title>
        <QueryState
          query={products}
          loading={<SkeletonRows label="Loading courses" />}
          failedTitle="The courses could not be loaded"
        >
          {(list) =>
            list.length === 0 ? (
              <Text size="sm">No course yet: set one up with New course (e.g. 5 × 1 hour for the price of 4).</Text>
            ) : (
              <CardList aria-label="Courses on offer">
                {list.map((product) => (
                  <Card key={product.id} withBorder padding="sm" component="li">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={2}>
                        <Text fw={600}>{product.label}</Text>
                        <Text size="sm">
                          {formatMoney(product.pricePence)}
                          {product.singlePricePence ? ` (${formatMoney(product.singlePricePence)} one by one)` : ''} ·
                          valid {product.expiryMonths} months
                        </Text>
                      </Stack>
                      <Group gap="xs">
                        <StatusBadge color={product.active ? 'teal' : 'gray'}>
                          {product.active ? 'On sale' : 'Not on sale'}
                        </StatusBadge>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(product)}
                          aria-label={`Change ${product.label}`}
                        >
                          Change
                        </Button>
                      </Group>
                    </Group>
                  </Card>
                ))}
              </CardList>
            )
          }
        </QueryState>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Sold
        </Title>
        <SearchField description="Client’s name or email" value={text} onChange={setText} />
        <QueryState
          query={sold}
          loading={<SkeletonRows label="Loading courses sold" />}
          failedTitle="The courses sold could not be loaded"
        >
          {(list) =>
            list.length === 0 ? (
              <Text size="sm">{q ? 'No course matches.' : 'No course sold yet.'}</Text>
            ) : (
              <CourseCards courses={list} timeZone={timeZone} fullScreen={!wide} />
            )
          }
        </QueryState>
      </Stack>
      <CourseProductForm
        product={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        fullScreen={!wide}
      />
      <SellCourseForm
        products={products.data ?? []}
        opened={selling}
        onClose={() => setSelling(false)}
        fullScreen={!wide}
        onSold={(course) => {
          setSelling(false);
          setDone(
            `${course.clientName}: ${course.label}, ${course.sessions} sessions, valid until ${formatDay(course.expiresOn)}.`,
          );
        }}
      />
    </BackOfficePage>
  );
}
