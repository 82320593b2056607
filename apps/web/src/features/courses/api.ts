import type { AdjustCourseInput, Course, CourseProduct, CourseProductInput, SellCourseInput } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { listQueryString, useRefreshingMutation } from '../../lib/mutations.ts';

export const courseProductsQuery = queryOptions({
  queryKey: ['courses', 'products'],
  queryFn: () => apiFetch<CourseProduct[]>('/admin/course-products'),
  staleTime: 0,
});

export const soldCoursesQuery = (filters: { q: string }) =>
  queryOptions({
    queryKey: ['courses', 'sold', filters],
    queryFn: () => apiFetch<Course[]>(`/admin/courses?${listQueryString(filters)}`),
    staleTime: 0,
  });

export const useSaveCourseProduct = () =>
  useRefreshingMutation(
    [['courses', 'products']],
    ({ id, input }: { id: string | null; input: CourseProductInput }) =>
      apiFetch<CourseProduct>(id ? `/admin/course-products/${id}` : '/admin/course-products', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    'success',
  );

export const useSellCourse = () =>
  useRefreshingMutation(
    [['courses', 'sold']],
    (input: SellCourseInput) => apiFetch<Course>('/admin/courses', { method: 'POST', body: input }),
    'success',
  );

export const useAdjustCourse = () =>
  useRefreshingMutation(
    [['courses', 'sold']],
    ({ id, input }: { id: string; input: AdjustCourseInput }) =>
      apiFetch<Course>(`/admin/courses/${id}/adjust`, { method: 'POST', body: input }),
    'success',
  );
