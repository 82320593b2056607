import type { PublicReview } from '@app/shared';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMonth } from '../../lib/format.ts';
import { publicReviewsQuery } from '../../lib/reviews/api.ts';
import grid from '../card-grid.module.css';
import { Stars } from './stars.tsx';

/**
 * What clients said, on the home page and a treatment's booking page: the approved reviews with a first name and
 * the month of the visit, and the average once there are enough of them (decision 074). Nothing at all until the
 * first review is approved: a section saying "no reviews yet" would sell nothing.
 */
export function ReviewsSection({ type, title = 'What clients say' }: { type?: string; title?: string }) {
  const { data } = useQuery(publicReviewsQuery(type));
  if (!data || data.reviews.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="reviews-heading">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} id="reviews-heading">
          {title}
        </Title>
        {data.summary && (
          <Group gap={6}>
            <Stars value={data.summary.average} label={`Rated ${data.summary.average} out of 5`} />
            <Text fw={600}>{data.summary.average.toFixed(1)}</Text>
            <Text c="dimmed">({data.summary.count} reviews)</Text>
          </Group>
        )}
      </Group>
      <ul className={grid.upToThree} style={{ listStyle: 'none', padding: 0 }}>
        {data.reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </ul>
    </Stack>
  );
}

function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <Paper component="li" withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
        {review.body && <Text style={{ whiteSpace: 'pre-line' }}>“{review.body}”</Text>}
        <Text size="sm" c="dimmed">
          {review.firstName}, {formatMonth(`${review.month}-01`)}
        </Text>
        {review.reply && (
          <Text size="sm" pl="sm" style={{ borderLeft: '2px solid var(--mantine-primary-color-filled)' }}>
            {review.reply}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
