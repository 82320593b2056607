/**
 * A closed set of values and how each reads on screen, written once as the labels: the values (for `z.enum` and the
 * database's enums, in the labels' order) are the labels' keys, so no value can lack its label or drift from it.
 *
 *   export const [courseStatuses, courseStatusLabels] = labelledValues({ active: 'Active', expired: 'Expired' });
 *   export type CourseStatus = (typeof courseStatuses)[number];
 */
export function labelledValues<const Labels extends Record<string, string>>(labels: Labels) {
  type Value = keyof Labels & string;
  const values = Object.keys(labels) as [Value, ...Value[]];
  return [values, labels as Readonly<Record<Value, string>>] as const;
}
