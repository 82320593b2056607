import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

describe('the outbox opens an email', () => {
  it('shows exactly what was sent: body and attachments, each attachment downloadable', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const draft = await admin.call('POST', '/api/admin/invoices', {
      billToName: 'Viewer Client',
      billToEmail: 'viewer@example.test',
      lines: [{ description: 'Chair massage', quantity: 1, unitPricePence: 5000, vatRatePercent: 0 }],
    });
    const id = draft.json().id;
    expect((await admin.call('POST', `/api/admin/invoices/${id}/issue`, {})).statusCode).toBe(200);
    const sent = await admin.call('POST', `/api/admin/invoices/${id}/send`);
    expect(sent.statusCode).toBe(200);
    const emailId = sent.json().emailId;

    const email = (await admin.call('GET', `/api/admin/emails/${emailId}`)).json();
    expect(email.recipient).toBe('viewer@example.test');
    expect(email.text).toContain('Viewer Client');
    expect(email.html).toContain('Viewer Client');
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments[0]).toMatchObject({ index: 0, contentType: 'application/pdf' });
    expect(email.attachments[0].filename).toMatch(/\.pdf$/);

    const download = await admin.call('GET', `/api/admin/emails/${emailId}/attachments/0`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${email.attachments[0].filename}"`);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.rawPayload.length).toBe(email.attachments[0].sizeBytes);
  });

  it('answers 404 for an unknown email or attachment, 400 for a malformed id, and 403 to anyone but an admin', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const client = await signedIn(t);
    expect((await admin.call('GET', '/api/admin/emails/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.call('GET', '/api/admin/emails/not-an-id')).statusCode).toBe(400);
    const { emails } = (await admin.call('GET', '/api/admin/emails')).json();
    expect((await admin.call('GET', `/api/admin/emails/${emails[0].id}/attachments/99`)).statusCode).toBe(404);
    expect((await admin.call('GET', `/api/admin/emails/${emails[0].id}/attachments/x`)).statusCode).toBe(404);
    expect((await client.call('GET', `/api/admin/emails/${emails[0].id}`)).statusCode).toBe(403);
    expect((await client.call('GET', `/api/admin/emails/${emails[0].id}/attachments/0`)).statusCode).toBe(403);
  });
});
