// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import '../../../test/auth-network.ts';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchSession } from '../../../lib/session.ts';
import { configWithProviders, renderWithProviders, resetAfterTest, stubNetwork } from '../../../test/auth-utils.tsx';
import { WaitlistOfferPage } from './waitlist-offer-page.tsx';

afterEach(resetAfterTest);

const now = new Date().toISOString();
const session = {
  status: 200,
  body: {
    session: { id: 's1', userId: 'u1', token: 't', expiresAt: now, createdAt: now, updatedAt: now },
    user: {
      id: 'u1',
      email: 'wren@example.test',
      name: 'Wren Client',
      emailVerified: true,
      phone: '+447700900123',
      role: 'user',
      createdAt: now,
      updatedAt: now,
    },
  },
};
const offerId = '7d1f0000-0000-4000-8000-000000000001';
const offer = {
  id: offerId,
  entryId: '7d1f0000-0000-4000-8000-000000000002',
  serviceId: '7d1f0000-0000-4000-8000-000000000003',
  serviceName: 'Swedish massage',
  phoneNeeded: false,
  style: 'therapeutic',
  startsAt: '2026-12-03T17:00:00.000Z',
  durationMinutes: 60,
  expiresAt: '2026-12-03T12:00:00.000Z',
  status: 'offered',
  bookingId: null,
};

async function renderOffer(claim: { status: number; body: unknown }) {
  const calls = stubNetwork({
    '/api/auth/get-session': session,
    [`/api/waitlist/offers/${offerId}`]: { status: 200, body: offer },
    [`/api/waitlist/offers/${offerId}/claim`]: claim,
  });
  await refetchSession();
  renderWithProviders(
    <Routes>
      <Route path="/waitlist/offers/:offerId" element={<WaitlistOfferPage />} />
    </Routes>,
    { url: `/waitlist/offers/${offerId}`, config: configWithProviders },
  );
  return calls;
}

describe('the waitlist offer page', () => {
  it('books the offered time with one tap and says it is booked', async () => {
    const calls = await renderOffer({
      status: 201,
      body: { id: 'b1', startsAt: offer.startsAt, status: 'confirmed' },
    });
    expect(await screen.findByText('Swedish massage, 60 minutes')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent('is booked');
    const claim = calls.find((call) => call.path.endsWith('/claim'));
    expect(claim?.method).toBe('POST');
    expect(claim?.body).toMatchObject({ adultConfirmed: false, noShowFeeConsent: false });
  });

  it('says plainly that the time has gone when someone else was quicker', async () => {
    await renderOffer({
      status: 409,
      body: {
        error: {
          code: 'SLOT_UNAVAILABLE',
          message:
            'Sorry, this time has gone: someone else booked it first. You stay on the waitlist for the next one.',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('someone else booked it first');
  });
});
