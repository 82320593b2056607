import type { Course, CourseProduct, CoursePurchase } from '@app/shared';
import { Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmingPayment, refetchUntilPaid } from '../../../components/confirming-payment.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { PaymentForm } from '../../../components/payment-form.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { useRefreshingMutation } from '../../../lib/mutations.ts';
import { myCoursesQuery } from './course-session-choice.tsx';
import { HeadedSection } from './headed-section.tsx';
import { Notice } from './notice.tsx';

const onSaleQuery = queryOptions({
  queryKey: ['bookings', 'course-products'],
  queryFn: () => apiFetch<CourseProduct[]>('/course-products'),
  staleTime: 60_000,
});

const useBuyCourse = () =>
  useRefreshingMutation(
    [['bookings', 'courses']],
    (productId: string) => apiFetch<CoursePurchase>('/courses', { method: 'POST', body: { productId } }),
    'success',
  );

/**
 * The client's courses on /bookings (decision 081): sessions left and until when, a link to book one,
 * and the therapeutic courses on sale to buy by card online (sensual ones are sold in person only).
 */
export function MyCourses({ locale }: { locale?: string }) {
  const courses = useQuery(myCoursesQuery);
  const onSale = useQuery(onSaleQuery);
  const [params, setParams] = useSearchParams();
  const returning = params.get('course');
  const open = (courses.data ?? []).filter((course) => course.status === 'active' || course.status === 'used_up');
  if (open.length === 0 && (onSale.data ?? []).length === 0 && !returning) return null;
  return (
    <HeadedSection id="courses-heading" title="Your courses">
      <Stack gap="sm">
        {returning && (
          <Confirming
            courseId={returning}
            onDone={() => {
              params.delete('course');
              setParams(params, { replace: true });
            }}
          />
        )}
        {open.map((course) => (
          <CourseCard key={course.id} course={course} locale={locale} />
        ))}
        {(onSale.data ?? []).length > 0 && <BuyCourse products={onSale.data ?? []} />}
      </Stack>
    </HeadedSection>
  );
}

function CourseCard({ course, locale }: { course: Course; locale?: string | undefined }) {
  return (
    <Card withBorder padding="md" aria-label={course.label}>
      <Stack gap={4}>
        <Text fw={600}>{course.label}</Text>
        <Text>
          {course.sessionsLeft} of {course.sessions} sessions left
        </Text>
        <Text size="sm">Valid until {formatDay(course.expiresOn, locale)}.</Text>
        {course.sessionsLeft > 0 && (
          <Group>
            <Button component={Link} to="/book" size="xs" variant="light">
              Book a session
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function BuyCourse({ products }: { products: CourseProduct[] }) {
  const { data: config } = usePublicConfig();
  const buy = useBuyCourse();
  const [purchase, setPurchase] = useState<CoursePurchase | null>(null);
  const publishableKey = config?.payments.publishableKey;
  if (!publishableKey) return null;
  if (purchase?.clientSecret)
    return (
      <CoursePayment
        purchase={purchase}
        clientSecret={purchase.clientSecret}
        publishableKey={publishableKey}
        onPaid={() => setPurchase(null)}
      />
    );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Text fw={600}>Buy a course</Text>
        {products.map((product) => (
          <Group key={product.id} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text size="sm">{product.label}</Text>
              <Text size="sm" c="dimmed">
                {formatMoney(product.pricePence)}
                {product.singlePricePence && product.singlePricePence > product.pricePence
                  ? ` instead of ${formatMoney(product.singlePricePence)}`
                  : ''}{' '}
                · valid {product.expiryMonths} months
              </Text>
            </Stack>
            <Button
              onClick={() => buy.mutate(product.id, { onSuccess: setPurchase })}
              loading={buy.isPending && buy.variables === product.id}
              aria-label={`Buy ${product.label}`}
            >
              Buy
            </Button>
          </Group>
        ))}
        <FailureAlert error={buy.error} title="The course could not be bought" styles={readableTitle} />
      </Stack>
    </Paper>
  );
}

/** Paying for the course; the server makes it active on Stripe's word, never the browser. */
function CoursePayment({
  purchase,
  clientSecret,
  publishableKey,
  onPaid,
}: {
  purchase: CoursePurchase;
  clientSecret: string;
  publishableKey: string;
  onPaid: () => void;
}) {
  const [params, setParams] = useSearchParams();
  return (
    <PaymentForm
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      amountPence={purchase.course.pricePence}
      returnUrl={`${window.location.origin}/bookings?course=${purchase.course.id}`}
      onPaid={() => {
        params.set('course', purchase.course.id);
        setParams(params, { replace: true });
        onPaid();
      }}
    >
      <Text>
        {purchase.course.label}: {formatMoney(purchase.course.pricePence)}
      </Text>
    </PaymentForm>
  );
}

/** Back from paying: the server is asked until Stripe's word has made the course active. */
function Confirming({ courseId, onDone }: { courseId: string; onDone: () => void }) {
  const client = useQueryClient();
  const course = useQuery({
    queryKey: ['bookings', 'courses', courseId],
    queryFn: () => apiFetch<Course>(`/courses/${encodeURIComponent(courseId)}`),
    refetchInterval: refetchUntilPaid,
  });
  if (course.isError) return null;
  if (!course.data || course.data.status === 'awaiting_payment') return <ConfirmingPayment />;
  return (
    <Notice
      color="teal"
      role="status"
      title="Thank you: your course is ready"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        void client.invalidateQueries({ queryKey: ['bookings', 'courses'] });
        onDone();
      }}
    >
      {course.data.label}: {course.data.sessionsLeft} sessions to book, valid until {formatDay(course.data.expiresOn)}.
    </Notice>
  );
}
