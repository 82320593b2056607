import { Button, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useAddressFilters } from '../../../lib/address-filters.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { adminReviewsQuery } from '../api.ts';
import { AdminReviewCard } from '../components/admin-review-card.tsx';
import { ReviewSettingsForm } from '../components/review-settings-form.tsx';

const filters = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'On the website' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'all', label: 'All' },
];

const emptyWords: Record<string, string> = {
  pending: 'Nothing waiting for you: every review has been read.',
  approved: 'No review is on the website yet. Show one from the waiting reviews.',
  hidden: 'You have hidden no review.',
  all: 'No reviews yet. Each client is asked by email after a completed visit; their reviews arrive here for you to read first.',
};

/** /reviews — what clients wrote after their visits; nothing reaches the website until the owner shows it. */
export function ReviewsPage() {
  usePageTitle('Reviews');
  const { params, update } = useAddressFilters();
  const status = params.get('status') ?? 'pending';
  const list = useQuery(adminReviewsQuery(status === 'all' ? null : status));
  return (
    <BackOfficePage title="Reviews">
      <SegmentedControl
        data={filters}
        value={status}
        onChange={(value) => update({ status: value === 'pending' ? null : value })}
        aria-label="Which reviews"
      />
      <QueryState
        query={list}
        loading={<SkeletonRows label="Loading reviews" />}
        failedTitle="The reviews could not be loaded"
      >
        {(data) =>
          data.reviews.length === 0 ? (
            <Stack gap="xs" align="flex-start" py="lg">
              <Title order={2} size="h4">
                {status === 'all' ? 'Your first reviews will come here' : 'Nothing here'}
              </Title>
              <Text c="dimmed" maw={560}>
                {emptyWords[status] ?? emptyWords.all}
              </Text>
              {status === 'all' && (
                <Button component={Link} to="/manage_bookings" variant="light">
                  Mark visits completed
                </Button>
              )}
            </Stack>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.reviews.map((review) => (
                <AdminReviewCard key={review.id} review={review} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <ReviewSettingsForm />
    </BackOfficePage>
  );
}
