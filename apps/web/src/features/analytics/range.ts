import {
  type AnalyticsBucket,
  type AnalyticsSpan,
  analyticsBuckets,
  labelledValues,
  lastAnalyticsDay,
} from '@app/shared';
import { addDays, isDay } from '../../lib/zoned-time.ts';

export const [rangePresets, presetLabels] = labelledValues({
  last30: 'Last 30 days',
  thisYear: 'This year',
  lastYear: 'Last year',
  all: 'All time',
  custom: 'Custom',
});
export type RangePreset = (typeof rangePresets)[number];

export type ResolvedRange = {
  preset: RangePreset;
  from: string;
  to: string;
  bucket: AnalyticsBucket;
  /** False when the bucket follows the length of the range. */
  bucketChosen: boolean;
};

/** Days for a short range, weeks up to a year, months beyond. */
export function defaultBucket(from: string, to: string): AnalyticsBucket {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
}

/**
 * What the address asks for (`?range=lastYear`, or `?range=custom&from=…&to=…`, and `&bucket=`),
 * as dates on the business's clock. Anything unreadable falls back to the last 30 days.
 */
export function resolveRange(params: URLSearchParams, today: string, span?: AnalyticsSpan): ResolvedRange {
  const asked = params.get('range');
  let preset: RangePreset = (rangePresets as readonly string[]).includes(asked ?? '')
    ? (asked as RangePreset)
    : 'last30';
  const year = Number(today.slice(0, 4));
  let from = addDays(today, -29);
  let to = today;
  if (preset === 'thisYear') from = `${year}-01-01`;
  else if (preset === 'lastYear') {
    from = `${year - 1}-01-01`;
    to = `${year - 1}-12-31`;
  } else if (preset === 'all') {
    to = span?.last && span.last > today ? span.last : today;
    from = span?.first && span.first < to ? span.first : to;
  } else if (preset === 'custom') {
    const customFrom = params.get('from');
    const customTo = params.get('to');
    if (isDay(customFrom) && isDay(customTo) && customFrom <= customTo) {
      from = customFrom;
      to = customTo;
    } else preset = 'last30';
  }
  // The server answers at most ten years: keep the latest ten.
  if (to > lastAnalyticsDay(from)) from = addDays(to, -(365 * 10) + 3);
  const bucketParam = params.get('bucket');
  const bucketChosen = (analyticsBuckets as readonly string[]).includes(bucketParam ?? '');
  return {
    preset,
    from,
    to,
    bucket: bucketChosen ? (bucketParam as AnalyticsBucket) : defaultBucket(from, to),
    bucketChosen,
  };
}
