import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { ScreeningSettingsForm } from './screening-settings.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the owner’s screening questions', () => {
  it('adds a question and the email gate, and saves them', async () => {
    const calls = stubApi({
      'GET /api/admin/records/screening': { status: 200, body: { questions: [], requireVerifiedEmail: false } },
      'PUT /api/admin/records/screening': { status: 200, body: { questions: [], requireVerifiedEmail: true } },
      'GET /api/admin/text-settings': { status: 200, body: { enabled: false, requireVerifiedPhone: false } },
    });
    renderRoute(<ScreeningSettingsForm />, { url: '/questionnaire' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a screening question' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Screening question 1' }), {
      target: { value: 'Who referred you?' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /must confirm their email address/ }));
    // Texts are not set up here: the phone option is not offered.
    expect(screen.queryByRole('checkbox', { name: /mobile number/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save the screening questions' }));
    expect(await screen.findByText('Screening questions saved.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      questions: [{ label: 'Who referred you?', kind: 'text', options: [] }],
      requireVerifiedEmail: true,
    });
  });
});
