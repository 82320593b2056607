import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('returns the JSON of a successful answer from /api', async () => {
    const fetch = vi.fn(async () => Response.json({ services: [] }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiFetch('/services')).resolves.toEqual({ services: [] });
    expect(fetch).toHaveBeenCalledWith('/api/services', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('throws ApiError with the code, status and message of an error answer', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'FORBIDDEN', message: 'Admins only.' } }, { status: 403 }),
    );
    const error = await apiFetch('/customers').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, message: 'Admins only.' });
  });

  it('throws ApiError NETWORK when the request never reaches the server', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/config')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });
});
