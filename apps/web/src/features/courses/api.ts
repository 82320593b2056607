import type { AdjustCourseInput, Course, CourseProduct, CourseProductInput, SellCourseInput } from '@app/shared';
import { apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { listQueryString, useRefreshingMutation } from '../../lib/mutations.ts';

export const courseProductsQuery = freshQuery<CourseProduct[]>(['courses', 'products'], '/admin/course-products');

export const soldCoursesQuery = (filters: { q: string }) =>
  freshQuery<Course[]>(['courses', 'sold', filters], `/admin/courses?${listQueryString(filters)}`);

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
