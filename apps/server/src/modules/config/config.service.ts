import {
  type BusinessDetails,
  defaultPublicWebsite,
  type PublicConfig,
  type PublicWebsite,
  type WeeklyHours,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { socialProvidersOf } from '../auth/auth.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { businessDetailsOf, getBusinessDetails } from '../business/business.service.ts';
import { publicWebsiteOf, websiteSettingsOf } from '../website/website.service.ts';

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
  website: { page: PublicWebsite; openingHoursText: string; areaText: string } = {
    page: defaultPublicWebsite(),
    openingHoursText: '',
    areaText: '',
  },
): PublicConfig {
  // The owner's own words for the hours and the area, when given on the Website page, replace the computed ones.
  const ownHours = website.openingHoursText
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    businessName: details.businessName,
    area: website.areaText || details.area,
    timeZone: env.BUSINESS_TIME_ZONE,
    currency: env.BUSINESS_CURRENCY,
    locale: env.BUSINESS_LOCALE,
    contact: { phone: details.phone, email: details.email },
    openingHoursText: ownHours.length ? ownHours : openingHoursText(rules.weeklyHours),
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
    payments: env.STRIPE_PUBLISHABLE_KEY
      ? { online: true, publishableKey: env.STRIPE_PUBLISHABLE_KEY }
      : { online: false, publishableKey: null },
    website: website.page,
  };
}

/** What the public pages need to start: read per request, as the owner changes hours, details and words at any time. */
export async function readPublicConfig({ db, env }: { db: Db; env: Env }): Promise<PublicConfig> {
  const [rules, details, settings] = await Promise.all([
    getBookingRules(db, { timeZone: env.BUSINESS_TIME_ZONE }),
    getBusinessDetails({ db, env }),
    websiteSettingsOf(db),
  ]);
  return publicConfigFrom(env, { rules, details, settings, page: await publicWebsiteOf(db, settings) });
}

/** The public configuration from what readPublicConfig reads, for a caller that has read it already. */
export function publicConfigFrom(
  env: Env,
  sources: {
    rules: Parameters<typeof publicConfigOf>[1];
    details: BusinessDetails;
    settings: { openingHoursText: string; areaText: string };
    page: PublicWebsite;
  },
): PublicConfig {
  const { rules, details, settings, page } = sources;
  return publicConfigOf(env, rules, details, {
    page,
    openingHoursText: settings.openingHoursText,
    areaText: settings.areaText,
  });
}
