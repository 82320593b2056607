import type { Booking } from '@app/shared';
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  DoneNotice,
  EmailedLinkPage,
  EmailedLinkQuery,
  EndsAtMyBookings,
} from '../../../components/emailed-link-page.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useClaimOffer, type WaitlistOfferView, waitlistOfferQuery } from '../../../lib/waitlist/api.ts';

/**
 * /waitlist/offers/:offerId — where the offer email lands: the client books the freed time with one tap, through the
 * same booking the funnel makes (a deposit, if the owner asks one, is paid on My bookings). Signing in is asked here,
 * so the link keeps its place.
 */
export function WaitlistOfferPage() {
  usePageTitle('A time has come free');
  const { offerId = '' } = useParams();
  return (
    <EmailedLinkPage
      title="A time has come free"
      signInPrompt="Sign in with the account you joined the waitlist with to book this time."
    >
      <Offer offerId={offerId} />
    </EmailedLinkPage>
  );
}

function Offer({ offerId }: { offerId: string }) {
  const offer = useQuery(waitlistOfferQuery(offerId));
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const locale = config?.locale;
  return (
    <EmailedLinkQuery
      query={offer}
      notYours="This link is not for an offer of yours. Offers are for the account that joined the waitlist."
      failedTitle="The offer could not be loaded"
    >
      {(data) => <OfferDetails offer={data} timeZone={timeZone} locale={locale} />}
    </EmailedLinkQuery>
  );
}

function OfferDetails({ offer, timeZone, locale }: { offer: WaitlistOfferView; timeZone: string; locale?: string }) {
  const claim = useClaimOffer(offer.id);
  const navigate = useNavigate();
  const [key] = useState(() => crypto.randomUUID());
  const [adult, setAdult] = useState(false);
  const [consent, setConsent] = useState(false);
  const [phone, setPhone] = useState('');
  const [booked, setBooked] = useState<Booking | null>(null);
  const when = formatDateTime(offer.startsAt, timeZone, locale);
  const asked = claim.error?.message ?? '';
  const needsPhone = offer.phoneNeeded || asked.startsWith('phone:');
  const needsConsent = asked.startsWith('noShowFeeConsent:');

  if (booked)
    return (
      <DoneNotice title="Booked" nextTo="/bookings" nextLabel="See my bookings">
        Your {offer.serviceName} on {formatDateTime(booked.startsAt, timeZone, locale)} is booked. We have emailed you
        the details.
      </DoneNotice>
    );
  if (offer.status !== 'offered')
    return (
      <EndsAtMyBookings>
        {offer.status === 'claimed'
          ? 'You have booked this time.'
          : offer.status === 'gone'
            ? 'Sorry, this time has gone: someone else booked it first. You stay on the waitlist for the next one.'
            : 'This offer has closed. You stay on the waitlist for the next time that comes free.'}
      </EndsAtMyBookings>
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        claim.mutateAsync({ idempotencyKey: key, adultConfirmed: adult, noShowFeeConsent: consent, phone }).then(
          (booking) => {
            // Money asked up front is paid on My bookings, as for any booking waiting for its payment.
            if (booking.status === 'awaiting_payment') navigate('/bookings');
            else setBooked(booking);
          },
          () => {},
        );
      }}
    >
      <Stack gap="sm">
        <Text size="lg" fw={600}>
          {offer.serviceName}, {offer.durationMinutes} minutes
        </Text>
        <Text>{when}</Text>
        <Text size="sm" c="dimmed">
          Open until {formatDateTime(offer.expiresAt, timeZone, locale)}. The first to book it gets it.
        </Text>
        {offer.style === 'sensual' && (
          <Checkbox
            label="I confirm that I am 18 or over"
            checked={adult}
            onChange={(event) => setAdult(event.currentTarget.checked)}
          />
        )}
        {needsPhone && (
          <TextField
            label="Your phone number"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={setPhone}
            required
          />
        )}
        {needsConsent && (
          <Checkbox
            label="I agree to the no-show fee, taken only if I miss the appointment"
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
          />
        )}
        <FailureAlert error={claim.error} message={(error) => error.message.replace(/^\w+: /, '')} />
        <Button type="submit" size="md" loading={claim.isPending} style={{ alignSelf: 'flex-start' }}>
          Book this time
        </Button>
      </Stack>
    </form>
  );
}
