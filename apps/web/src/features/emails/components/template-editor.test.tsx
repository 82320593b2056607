import type { EmailTemplate } from '@app/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { insertVariable, TemplateEditor } from './template-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const confirmed: EmailTemplate = {
  kind: 'booking.confirmed',
  description: 'A booking is confirmed',
  variables: ['clientName', 'when'],
  subject: 'Your booking is confirmed: {{when}}',
  body: 'Hello {{clientName}},',
  isDefault: true,
};

function Editor({ template = confirmed }: { template?: EmailTemplate }) {
  const [message, setMessage] = useState<string | null>(null);
  return <TemplateEditor template={template} message={message} onMessage={setMessage} />;
}

const preview = (html: string, unknownVariables: string[] = []) => ({
  status: 200,
  body: { subject: 'Your booking is confirmed: Tuesday', text: 'x', html, unknownVariables },
});

describe('insertVariable', () => {
  it('puts the variable in place of the selection and the cursor after it', () => {
    expect(insertVariable('Hello , welcome', 6, 6, 'clientName')).toEqual({
      text: 'Hello {{clientName}}, welcome',
      cursor: 20,
    });
    expect(insertVariable('Dear NAME!', 5, 9, 'name')).toEqual({ text: 'Dear {{name}}!', cursor: 13 });
  });
});

describe('TemplateEditor', () => {
  it('inserts a variable at the cursor of the field last used', async () => {
    stubApi({ 'POST /api/admin/email-templates/booking.confirmed/preview': preview('<p>Hi</p>') });
    renderRoute(<Editor />, { url: '/emails' });
    const subject = screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement;
    fireEvent.focus(subject);
    subject.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: '{{clientName}}' }));
    expect(subject).toHaveValue('{{clientName}}Your booking is confirmed: {{when}}');
    // The cursor is after the variable at once, in the field: a key pressed next goes there, not to the end.
    expect(subject).toHaveFocus();
    expect([subject.selectionStart, subject.selectionEnd]).toEqual([14, 14]);
    // Until another field is used, the text stays as it was.
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('Hello {{clientName}},');
  });

  it('previews the wording as typing pauses, in a sandboxed frame', async () => {
    const calls = stubApi({
      'POST /api/admin/email-templates/booking.confirmed/preview': [
        preview('<p>Hello Alex Example,</p>'),
        preview('<p>Hello Alex Example, see you {{reasn}}</p>', ['reasn']),
      ],
    });
    renderRoute(<Editor />, { url: '/emails' });
    const frame = await screen.findByTitle('Preview of the email');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Hello Alex Example,</p>');

    const text = screen.getByRole('textbox', { name: 'Text' });
    for (const value of ['Hello {{clientName}}, s', 'Hello {{clientName}}, see you {{reasn}}'])
      fireEvent.change(text, { target: { value } });
    await waitFor(() =>
      expect(screen.getByTitle('Preview of the email')).toHaveAttribute(
        'srcdoc',
        '<p>Hello Alex Example, see you {{reasn}}</p>',
      ),
    );
    expect(screen.getByText(/\{\{reasn\}\} will not be filled in/)).toBeVisible();
    // One preview for the first wording, one for the text once typing paused: none for the letters between.
    expect(calls.map((call) => (call.body as { body: string }).body)).toEqual([
      'Hello {{clientName}},',
      'Hello {{clientName}}, see you {{reasn}}',
    ]);
  });

  it('saves the wording, and shows the server’s refusal of an unknown variable', async () => {
    const calls = stubApi({
      'POST /api/admin/email-templates/booking.confirmed/preview': preview('<p>x</p>'),
      'PUT /api/admin/email-templates/booking.confirmed': [
        {
          status: 400,
          body: {
            error: { code: 'VALIDATION', message: 'Unknown variable: {{reasn}}. Use {{clientName}}, {{when}}.' },
          },
        },
        { status: 204 },
      ],
      'GET /api/admin/email-templates': { status: 200, body: { templates: [] } },
    });
    renderRoute(<Editor />, { url: '/emails' });
    const save = screen.getByRole('button', { name: 'Save template' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Hi {{reasn}}' } });
    fireEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unknown variable: {{reasn}}. Use {{clientName}}, {{when}}.',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Hi {{clientName}}' } });
    fireEvent.click(save);
    expect(await screen.findByText('Saved. The next email of this kind uses this wording.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { subject: 'Your booking is confirmed: {{when}}', body: 'Hi {{reasn}}' },
      { subject: 'Your booking is confirmed: {{when}}', body: 'Hi {{clientName}}' },
    ]);
  });

  it('restores the default wording of an edited template only', async () => {
    const calls = stubApi({
      'POST /api/admin/email-templates/booking.confirmed/preview': preview('<p>x</p>'),
      'DELETE /api/admin/email-templates/booking.confirmed': { status: 204 },
    });
    const { unmount } = renderRoute(<Editor />, { url: '/emails' });
    expect(screen.getByRole('button', { name: 'Restore default' })).toBeDisabled();
    unmount();
    renderRoute(<Editor template={{ ...confirmed, body: 'Hi', isDefault: false }} />, { url: '/emails' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Restore default' }));
    });
    expect(await screen.findByText('The default wording is back.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
});
