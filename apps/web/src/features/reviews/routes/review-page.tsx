import { leaveReviewInput, REVIEW_BODY_MAX, type ReviewVisit } from '@app/shared';
import { Alert, Button, Group, Paper, Rating, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { EmailedLinkPage, EmailedLinkQuery } from '../../../components/emailed-link-page.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { PageFormSubmit } from '../../../components/page-form-submit.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { reviewVisitQuery, useDeleteReview, useLeaveReview } from '../api.ts';

/**
 * /review/:bookingId — where the thank-you email lands: the client rates a completed visit and says a few words, or
 * sees and deletes what they wrote. Signing in is asked here rather than by the guard, so the link keeps its place.
 */
export function ReviewPage() {
  usePageTitle('Your review');
  const { bookingId = '' } = useParams();
  return (
    <EmailedLinkPage
      title="How was your visit?"
      signInPrompt="Sign in with the account you booked with to review your visit."
    >
      <Visit bookingId={bookingId} />
    </EmailedLinkPage>
  );
}

function Visit({ bookingId }: { bookingId: string }) {
  const visit = useQuery(reviewVisitQuery(bookingId));
  const { data: config } = usePublicConfig();
  return (
    <EmailedLinkQuery
      query={visit}
      notYours="This link is not for a visit of yours that can be reviewed. Reviews are for completed visits, one each, by the client who came."
      failedTitle="Your visit could not be loaded"
    >
      {(data) => (
        <Stack gap="md">
          <Text>
            {data.serviceName}, {formatDateTime(data.startsAt, config?.timeZone ?? 'Europe/London')}.
          </Text>
          {data.review ? <Written visit={data} /> : <ReviewForm bookingId={bookingId} />}
        </Stack>
      )}
    </EmailedLinkQuery>
  );
}

function ReviewForm({ bookingId }: { bookingId: string }) {
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const leave = useLeaveReview(bookingId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = leaveReviewInput.safeParse({ rating, body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    leave.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Text fw={600} id="rating-label">
            Your rating
          </Text>
          <Rating
            value={rating}
            onChange={(value) => {
              setRating(value);
              setError(undefined);
            }}
            size="xl"
            getSymbolLabel={(value) => `${value} star${value === 1 ? '' : 's'}`}
            aria-labelledby="rating-label"
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
        </Stack>
        <NoteField
          label="A few words (optional)"
          description="Shown with your first name and the month of your visit, once it has been read."
          value={body}
          onChange={setBody}
          maxLength={REVIEW_BODY_MAX}
          minRows={3}
        />
        <PageFormSubmit change={leave}>Send my review</PageFormSubmit>
      </Stack>
    </form>
  );
}

function Written({ visit }: { visit: ReviewVisit }) {
  const remove = useDeleteReview(visit.bookingId);
  const [asking, setAsking] = useState(false);
  const review = visit.review;
  if (!review) return null;
  return (
    <Stack gap="md">
      <Alert color="teal" title="Thank you for your review" role="status">
        {review.status === 'approved'
          ? 'It is on the website.'
          : review.status === 'hidden'
            ? 'It is kept private.'
            : 'It shows on the website once it has been read.'}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Rating value={review.rating} readOnly role="img" aria-label={`${review.rating} out of 5 stars`} />
          {review.body && <Text style={{ whiteSpace: 'pre-line' }}>{review.body}</Text>}
          {review.reply && (
            <Text size="sm" c="dimmed">
              Reply: {review.reply}
            </Text>
          )}
        </Stack>
      </Paper>
      <FailureAlert error={remove.error} />
      <Group>
        <Button variant="subtle" color="red" onClick={() => setAsking(true)} loading={remove.isPending}>
          Delete my review
        </Button>
      </Group>
      <AppModal opened={asking} onClose={() => setAsking(false)} title="Delete your review?">
        <Stack gap="md">
          <Text>Your review is deleted for good and leaves the website.</Text>
          <DialogActions keepLabel="Keep it" onKeep={() => setAsking(false)}>
            <Button
              color="red"
              onClick={() => {
                setAsking(false);
                remove.mutate();
              }}
            >
              Delete my review
            </Button>
          </DialogActions>
        </Stack>
      </AppModal>
    </Stack>
  );
}
