// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import '../../../test/auth-network.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchSession } from '../../../lib/session.ts';
import { configWithProviders, renderWithProviders, resetAfterTest, stubNetwork } from '../../../test/auth-utils.tsx';
import { SignedInDevices } from './signed-in-devices.tsx';

afterEach(resetAfterTest);

const user = {
  id: 'u1',
  email: 'ann@example.test',
  name: 'Ann Client',
  emailVerified: true,
  role: 'user',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};
const device = (id: string, place: string, userAgent: string, updatedAt: string) => ({
  id,
  userAgent,
  place,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt,
});
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const windows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const thisDevice = device('s1', 'This network', windows, '2026-11-20T10:00:00.000Z');
const phoneInBelfast = device('s2', 'Belfast, United Kingdom', iphone, '2026-11-19T18:30:00.000Z');

/** Signed in on s1; the devices list answers `devices`; anything else in `more`. */
function signedInOn(devices: ReturnType<typeof device>[], more: Parameters<typeof stubNetwork>[0] = {}) {
  return stubNetwork({
    '/api/auth/get-session': {
      status: 200,
      body: { session: { id: 's1', userId: 'u1', expiresAt: '2027-01-01T00:00:00.000Z' }, user },
    },
    '/api/account/devices': { status: 200, body: { devices } },
    ...more,
  });
}

describe('SignedInDevices', () => {
  it('tells the place each device signed in from, the place the server looked up, never an address', async () => {
    signedInOn([thisDevice, phoneInBelfast, device('s3', 'Unknown place', iphone, '2026-11-02T08:00:00.000Z')]);
    await refetchSession();
    renderWithProviders(<SignedInDevices />, { config: configWithProviders });

    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('This network · Last used 20 Nov 2026');
    expect(items[1]).toHaveTextContent('Belfast, United Kingdom · Last used 19 Nov 2026');
    expect(items[2]).toHaveTextContent('Unknown place · Last used 2 Nov 2026');
    expect(list).not.toHaveTextContent(/address/i);
  });

  it('signs another device out by its id: no session token is sent or needed', async () => {
    const calls = signedInOn([thisDevice, phoneInBelfast], {
      '/api/account/devices/s2': { status: 204, body: undefined },
    });
    await refetchSession();
    renderWithProviders(<SignedInDevices />, { config: configWithProviders });

    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    fireEvent.click(within(list).getByRole('button', { name: /^Sign out .*19 Nov 2026/ }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
        { path: '/api/account/devices/s2', method: 'DELETE', body: undefined },
      ]),
    );
  });
});
