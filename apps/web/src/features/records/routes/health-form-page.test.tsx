import { type MyQuestionnaire, questionSchema } from '@app/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { HealthFormPage } from './health-form-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const questionnaire: MyQuestionnaire = {
  version: 3,
  questions: [
    questionSchema.parse({ id: 'clots', label: 'Have you had blood clots?', kind: 'yes_no', required: true }),
    questionSchema.parse({
      id: 'pressure',
      label: 'What pressure do you prefer?',
      kind: 'choice',
      options: ['Light', 'Firm'],
    }),
    questionSchema.parse({ id: 'medication', label: 'What medication do you take?', kind: 'text' }),
  ],
  consentText: 'I consent to receive massage treatment.',
  status: 'missing',
  lastSignedAt: null,
};

describe('the client’s health questionnaire', () => {
  it('sends the answers with the consent and the typed name, then thanks the client', async () => {
    const calls = stubApi({
      'GET /api/records/questionnaire': { status: 200, body: questionnaire },
      'POST /api/records/questionnaire': { status: 201, body: { id: 'r1', signedAt: new Date().toISOString() } },
    });
    renderRoute(<HealthFormPage />, { url: '/health-form' });
    const clots = await screen.findByRole('radiogroup', { name: /Have you had blood clots\?/ });
    fireEvent.click(within(clots).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'What pressure do you prefer?' })).getByRole('radio', {
        name: 'Firm',
      }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'What medication do you take?' }), {
      target: { value: 'None' },
    });
    expect(screen.getByText('I consent to receive massage treatment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read this and I agree' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Type your full name to sign/ }), {
      target: { value: 'Sam Client' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      answers: { clots: 'yes', pressure: 'Firm', medication: 'None' },
      signatureName: 'Sam Client',
      consent: true,
    });
  });

  it('shows the server’s reason when the form is refused, and keeps the answers', async () => {
    stubApi({
      'GET /api/records/questionnaire': { status: 200, body: questionnaire },
      'POST /api/records/questionnaire': {
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'consent: Tick the box to give your consent' } },
      },
    });
    renderRoute(<HealthFormPage />, { url: '/health-form' });
    fireEvent.change(await screen.findByRole('textbox', { name: /Type your full name to sign/ }), {
      target: { value: 'Sam Client' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tick the box to give your consent');
    expect(screen.getByRole('textbox', { name: /Type your full name to sign/ })).toHaveProperty('value', 'Sam Client');
  });
});
