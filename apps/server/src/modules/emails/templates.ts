import { DEVICE_FONT, type EmailKind, SITE_FONT_NAMES, type SiteFont, type SiteFonts } from '@app/shared';

type DefaultTemplate = { description: string; subject: string; body: string; variables: string[] };

const booking = [
  'clientName',
  'service',
  'duration',
  'price',
  'when',
  'address',
  'businessName',
  'businessPhone',
  'businessEmail',
  'manageUrl',
  'healthFormUrl',
];

/**
 * The wording of every email the product sends. `{{name}}` is replaced by a variable; a line that
 * ends up empty after replacement is dropped, so optional parts (an address, a reason) vanish cleanly.
 */
export const defaultTemplates: Record<EmailKind, DefaultTemplate> = {
  'auth.verify-email': {
    description: 'Sent after sign-up to confirm the email address',
    subject: 'Confirm your email for {{businessName}}',
    body: 'Hello {{name}},\n\nPlease confirm your email address so we can send you your booking details.\n\nConfirm my email: {{url}}\n\n{{businessName}}',
    variables: ['name', 'url', 'businessName'],
  },
  'auth.existing-account': {
    description: 'Sent instead of a confirmation when someone signs up with an address that already has an account',
    subject: 'You already have an account with {{businessName}}',
    body: 'Hello {{name}},\n\nSomeone, probably you, tried to create an account with this email address. You already have one, so nothing was changed.\n\nSign in: {{signInUrl}}\n\nForgot your password? Choose "Forgot password?" on that page and we will email you a link to set a new one.\n\nIf it was not you, ignore this email.\n\n{{businessName}}',
    variables: ['name', 'signInUrl', 'businessName'],
  },
  'auth.reset-password': {
    description: 'Sent when someone asks to reset a password',
    subject: 'Reset your {{businessName}} password',
    body: 'Hello {{name}},\n\nSomeone asked to reset the password of your account. If it was you, choose a new one with the link below; it works once, within an hour. If it was not you, ignore this email.\n\nChoose a new password: {{url}}\n\n{{businessName}}',
    variables: ['name', 'url', 'businessName'],
  },
  'auth.change-email': {
    description: 'Sent to confirm a change of email address',
    subject: 'Confirm the change of your {{businessName}} email',
    body: 'Hello {{name}},\n\nPlease confirm that your email should become {{newEmail}}.\n\nConfirm the change: {{url}}\n\n{{businessName}}',
    variables: ['name', 'newEmail', 'url', 'businessName'],
  },
  'booking.confirmed': {
    description: 'A booking is confirmed (with the calendar file attached)',
    subject: 'Your booking is confirmed: {{when}}',
    body: 'Hello {{clientName}},\n\nYour booking is confirmed: {{service}}, {{duration}} minutes, {{price}}, on {{when}}.\n\nAddress: {{address}}\n\nThe attached calendar file adds it to your calendar. To cancel or move it, open your bookings: {{manageUrl}}\n\nBefore your first appointment, please fill in your health questionnaire, or update it if something has changed: {{healthFormUrl}}\n\n{{businessName}}',
    variables: booking,
  },
  'booking.pending': {
    description: 'A request waits for the owner’s approval',
    subject: 'We have your request for {{when}}',
    body: 'Hello {{clientName}},\n\nThank you for your request: {{service}}, {{duration}} minutes, {{price}}, on {{when}}.\n\nWe hold the time for you and will confirm it shortly; you will get an email as soon as we do.\n\n{{businessName}}',
    variables: booking,
  },
  'booking.bank-deposit': {
    description: 'A booking waits for its deposit by bank transfer (the account, amount, reference and deadline)',
    subject: 'Your deposit for {{when}}',
    body: 'Hello {{clientName}},\n\nThank you for your booking: {{service}}, {{duration}} minutes, {{price}}, on {{when}}.\n\nWe hold the time until {{depositDeadline}} for a deposit of {{depositAmount}} by bank transfer to:\n\nAccount name: {{accountName}}\nSort code: {{sortCode}}\nAccount number: {{accountNumber}}\nReference: {{depositReference}}\n\nPlease write the reference exactly as it is, so we can match your payment. If it has not arrived by then, the time is released and we will let you know. You can see this again in your bookings: {{manageUrl}}\n\n{{businessName}}',
    variables: [
      ...booking,
      'depositAmount',
      'accountName',
      'sortCode',
      'accountNumber',
      'depositReference',
      'depositDeadline',
    ],
  },
  'booking.approved': {
    description: 'A pending request was approved (with the calendar file attached)',
    subject: 'Your booking is confirmed: {{when}}',
    body: 'Hello {{clientName}},\n\nGood news: your booking is confirmed: {{service}}, {{duration}} minutes, {{price}}, on {{when}}.\n\nAddress: {{address}}\n\nThe attached calendar file adds it to your calendar.\n\nBefore your first appointment, please fill in your health questionnaire, or update it if something has changed: {{healthFormUrl}}\n\n{{businessName}}',
    variables: booking,
  },
  'booking.declined': {
    description: 'A pending request was declined',
    subject: 'We cannot take your booking on {{when}}',
    body: 'Hello {{clientName}},\n\nWe are sorry: we cannot take your request for {{service}} on {{when}}.\n\nReason: {{reason}}\n\n{{businessName}}',
    variables: [...booking, 'reason'],
  },
  'booking.cancelled': {
    description: 'A booking was cancelled (by the client or the business)',
    subject: 'Booking cancelled: {{when}}',
    body: 'Hello {{clientName}},\n\nYour booking for {{service}} on {{when}} is cancelled.\n\nReason: {{reason}}\n\n{{money}}\n\n{{businessName}}',
    variables: [...booking, 'reason', 'money'],
  },
  'booking.rescheduled': {
    description: 'A booking moved to another time (with the calendar file attached)',
    subject: 'Booking moved to {{when}}',
    body: 'Hello {{clientName}},\n\nYour booking for {{service}} has moved from {{previousWhen}} to {{when}}.\n\nThe attached calendar file updates your calendar.\n\n{{businessName}}',
    variables: [...booking, 'previousWhen'],
  },
  'booking.reminder': {
    description: 'The reminder 24 hours before',
    subject: 'Reminder: your massage on {{when}}',
    body: 'Hello {{clientName}},\n\nA reminder of your booking: {{service}}, {{duration}} minutes, on {{when}}.\n\nAddress: {{address}}\n\nIf you cannot come, please call us as soon as you can.\n\n{{businessName}}',
    variables: booking,
  },
  'booking.admin-new': {
    description: 'To the owner: a new booking or request',
    subject: 'New booking: {{when}} ({{status}})',
    body: '{{clientName}} ({{clientEmail}}, {{clientPhone}}) booked {{service}}, {{duration}} minutes, {{price}}, on {{when}}.\n\nNotes: {{notes}}\n\nStatus: {{status}}',
    variables: [...booking, 'clientEmail', 'clientPhone', 'notes', 'status'],
  },
  // The subject names neither the client nor the service: only 'Massage' and the document's label.
  invoice: {
    description: 'An invoice or credit note sent to the client (with the PDF attached)',
    subject: 'Massage {{document}} {{label}} from {{businessName}}',
    body: 'Hello {{clientName}},\n\nPlease find attached {{document}} {{label}} for {{total}}.\n\nAmount due: {{amountDue}}, by {{dueDate}}.\n\n{{footer}}\n\nThank you,\n{{businessName}}',
    variables: ['clientName', 'document', 'label', 'total', 'amountDue', 'dueDate', 'footer', 'businessName'],
  },
};

export type TemplateVariables = Record<string, string | number | null | undefined>;

/** Fills `{{name}}` placeholders; a line whose only variables are empty is left out. */
export function renderTemplate(text: string, variables: TemplateVariables): string {
  return text
    .split('\n')
    .filter((line) => {
      const names = [...line.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '');
      return names.length === 0 || names.some((name) => String(variables[name] ?? '').trim() !== '');
    })
    .map((line) => line.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(variables[name] ?? '')))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The business's look in an email: its colour (one that reads on white) and its logo's public address. */
export type EmailBrand = { color: string; logoUrl: string | null; businessName: string; fonts?: SiteFonts };

/**
 * The site's families named first (a mail app that has them, or a reader who installed them, shows them), then
 * web-safe fall-backs every mail app has: no font file is attached or fetched.
 */
export function emailFontStacks(fonts: SiteFonts | undefined): { heading: string; text: string } {
  const named = (font: SiteFont | typeof DEVICE_FONT | undefined) =>
    font && font !== DEVICE_FONT ? `'${SITE_FONT_NAMES[font]}',` : '';
  return { heading: `${named(fonts?.heading)}Georgia,serif`, text: `${named(fonts?.text)}Arial,sans-serif` };
}

/**
 * The HTML part: a header with the logo (or the name) over a band of the brand colour, then the text's paragraphs,
 * links made clickable. A preheader comes first, hidden, padded so that a mail app's preview shows it alone rather
 * than the start of the text.
 */
export function htmlFromText(text: string, preheader?: string, brand?: EmailBrand): string {
  const hidden = preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheader)}${'&#847;&zwnj;&nbsp;'.repeat(90)}</div>`
    : '';
  const color = brand?.color ?? '#3d6b5e';
  const stacks = emailFontStacks(brand?.fonts);
  const paragraphs = text.split(/\n{2,}/).map((p) =>
    escapeHtml(p)
      .replace(/(https?:\/\/[^\s<]+)/g, `<a href="$1" style="color:${color}">$1</a>`)
      .replace(/\n/g, '<br>'),
  );
  const name = escapeHtml(brand?.businessName ?? '');
  const mark = brand?.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${name}" height="56" style="display:block;height:56px;width:auto;max-width:240px;border:0">`
    : name
      ? `<span style="font-family:${stacks.heading};font-size:22px;color:${color}">${name}</span>`
      : '';
  const header = mark ? `<div style="padding:20px 24px 16px">${mark}</div>` : '';
  return (
    `${hidden}<div style="background:#f5f2ed;padding:24px 8px">` +
    `<div style="font-family:${stacks.text};max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;border-top:6px solid ${color};line-height:1.5;color:#222222">` +
    `${header}<div style="padding:${header ? '0' : '16px'} 24px 16px">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>` +
    '</div></div>'
  );
}
