import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../test/api-stub.tsx';
import { ScreeningPrompt } from './screening-prompt.tsx';

afterEach(() => vi.unstubAllGlobals());

const questions = [
  { id: 'referrer', label: 'Who referred you?', kind: 'text', options: [] },
  { id: 'found', label: 'How did you find us?', kind: 'text', options: [] },
];

describe('the screening questions after a new client books', () => {
  it('sends the answers for the booking and thanks the client', async () => {
    const calls = stubApi({
      'GET /api/records/bookings/b1/screening': { status: 200, body: { questions } },
      'POST /api/records/bookings/b1/screening': { status: 201, body: { answered: 2 } },
    });
    renderRoute(<ScreeningPrompt bookingId="b1" />, { url: '/book?booked=b1' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Who referred you?' }), {
      target: { value: 'Jo Bloggs' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'How did you find us?' }), { target: { value: 'Google' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Thank you: your answers are with us.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      answers: { referrer: 'Jo Bloggs', found: 'Google' },
    });
  });

  it('shows nothing to a client the owner already knows (no questions)', async () => {
    const calls = stubApi({ 'GET /api/records/bookings/b2/screening': { status: 200, body: { questions: [] } } });
    const { container } = renderRoute(<ScreeningPrompt bookingId="b2" />, { url: '/book?booked=b2' });
    await vi.waitFor(() => expect(calls.length).toBe(1));
    expect(container.textContent).not.toContain('A few questions');
  });

  it('says why the answers were refused', async () => {
    stubApi({
      'GET /api/records/bookings/b3/screening': { status: 200, body: { questions } },
      'POST /api/records/bookings/b3/screening': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You have already answered these questions for this booking.' } },
      },
    });
    renderRoute(<ScreeningPrompt bookingId="b3" />, { url: '/book?booked=b3' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send my answers' }));
    expect((await screen.findByRole('alert')).textContent).toContain('already answered');
  });
});
