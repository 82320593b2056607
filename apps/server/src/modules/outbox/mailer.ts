import nodemailer from 'nodemailer';
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
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transport.sendMail({
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
