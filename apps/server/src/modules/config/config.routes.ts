import type { BusinessDetails, PublicConfig, WeeklyHours } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.ts';
import type { Env } from '../../env.ts';
import { socialProvidersOf } from '../auth/auth.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { businessDetailsOf, getBusinessDetails } from '../business/business.service.ts';

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Monday to Friday 10:00–21:00", "Saturday 10:00–18:00", "Sunday closed": Monday first, equal days grouped. */
export function openingHoursText(weekly: WeeklyHours): string[] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const label = (day: number) => {
    const ranges = weekly[day] ?? [];
    return ranges.length ? ranges.map((r) => `${r.start}–${r.end}`).join(', ') : 'closed';
  };
  const lines: string[] = [];
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && label(order[j + 1] ?? 0) === label(order[i] ?? 0)) j++;
    const first = dayNames[order[i] ?? 0];
    const days = j > i ? `${first} to ${dayNames[order[j] ?? 0]}` : first;
    lines.push(`${days} ${label(order[i] ?? 0)}`);
    i = j + 1;
  }
  return lines;
}

export function publicConfigOf(
  env: Env,
  rules: { weeklyHours: WeeklyHours; cancellationCutoffHours: number; horizonDays: number; minNoticeMinutes: number },
  details: BusinessDetails = businessDetailsOf(undefined, env),
): PublicConfig {
  return {
    businessName: details.businessName,
    area: details.area,
    timeZone: env.BUSINESS_TIME_ZONE,
    currency: env.BUSINESS_CURRENCY,
    locale: env.BUSINESS_LOCALE,
    contact: { phone: details.phone, email: details.email },
    openingHoursText: openingHoursText(rules.weeklyHours),
    booking: {
      cancellationCutoffHours: rules.cancellationCutoffHours,
      horizonDays: rules.horizonDays,
      minNoticeMinutes: rules.minNoticeMinutes,
    },
    emailEnabled: Boolean(env.SMTP_URL),
    socialProviders: socialProvidersOf(env),
    analytics: {
      ...(env.GA_MEASUREMENT_ID && { gaMeasurementId: env.GA_MEASUREMENT_ID }),
      ...(env.FACEBOOK_PIXEL_ID && { facebookPixelId: env.FACEBOOK_PIXEL_ID }),
      ...(env.GTM_ID && { gtmId: env.GTM_ID }),
    },
  };
}

export function configRoutes(context: AppContext) {
  const { db, env } = context;
  return async (app: FastifyInstance) => {
    // Read per request: the owner changes opening hours and rules from the back office.
    app.get('/api/config', async () => {
      const [rules, details] = await Promise.all([
        getBookingRules(db, env.BUSINESS_TIME_ZONE),
        getBusinessDetails(db, env),
      ]);
      return publicConfigOf(env, rules, details);
    });
  };
}
