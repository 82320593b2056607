import type { Transporter } from 'nodemailer';
import type { EmailAttachment } from '../../db/schema.ts';

export type MailMessage = {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments: EmailAttachment[];
};

/** Sends one message over SMTP; resolves only when the server accepted it. */
export type Mailer = (message: MailMessage) => Promise<void>;

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Loaded with the first email, not with the server: an idle instance does not hold the mail library.
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  return async (message) => {
    await (await transportOnce()).sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      messageId: message.messageId,
      attachments: message.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
    });
  };
}
