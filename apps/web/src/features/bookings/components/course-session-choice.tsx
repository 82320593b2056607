import { type Course, oneSessionOfLabel } from '@app/shared';
import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client.ts';
import { formatDay, localDateIn } from '../../../lib/format.ts';

/** The signed-in client's own courses of sessions (decision 081). */
export const myCoursesQuery = queryOptions({
  queryKey: ['bookings', 'courses'],
  queryFn: () => apiFetch<Course[]>('/courses'),
  staleTime: 0,
});

/** A course that can pay for this booking: the same treatment and length, a session left, valid on its day. */
function usableCourse(courses: Course[], request: { serviceId: string; durationMinutes: number; day: string }) {
  return (
    courses.find(
      (course) =>
        course.status === 'active' &&
        course.sessionsLeft > 0 &&
        course.serviceId === request.serviceId &&
        course.durationMinutes === request.durationMinutes &&
        course.expiresOn >= request.day,
    ) ?? null
  );
}

export type CourseSessionState = {
  course: Course | null;
  /** The course the booking is paid with: set while the client keeps the box ticked. */
  usingId: string | null;
  setUsing: (using: boolean) => void;
};

/** Whether the client has a course for this booking, and whether they use a session of it (ticked unless they untick). */
export function useCourseSession(
  serviceId: string,
  durationMinutes: number,
  startsAt: string,
  timeZone: string,
): CourseSessionState {
  const courses = useQuery(myCoursesQuery);
  const course = usableCourse(courses.data ?? [], {
    serviceId,
    durationMinutes,
    day: localDateIn(startsAt, timeZone),
  });
  const [using, setUsing] = useState(true);
  // Another treatment or time may find another course: it is offered ticked again.
  const courseId = course?.id ?? null;
  useEffect(() => {
    if (courseId) setUsing(true);
  }, [courseId]);
  return { course, usingId: course && using ? course.id : null, setUsing };
}

/** "Use 1 of 3 sessions left": a session pays for the booking, so nothing is paid and no payment step follows. */
export function CourseSessionChoice({
  state,
  error,
  locale,
}: {
  state: CourseSessionState;
  error?: string | undefined;
  locale?: string | undefined;
}) {
  const { course } = state;
  if (!course) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Checkbox
          label={oneSessionOfLabel(course.sessionsLeft)}
          description={`${course.label}, valid until ${formatDay(course.expiresOn, locale)}. Nothing more to pay for this booking.`}
          checked={state.usingId !== null}
          onChange={(event) => state.setUsing(event.currentTarget.checked)}
          error={error}
        />
        {state.usingId === null && (
          <Text size="sm" c="dimmed">
            Not using your course: this booking is paid as usual.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
