import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { mailDir } from './paths.ts';

export type ReceivedAttachment = { filename: string; contentType: string; size: number; head: string };
export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
  file: string;
};

function readAll(): ReceivedMail[] {
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ attachments: [], ...JSON.parse(readFileSync(join(mailDir, name), 'utf8')), file: name }));
}

/** The newest message the test SMTP server received for `to` whose subject includes `subjectIncludes`. */
export async function waitForMail(to: string, subjectIncludes: string, timeout = 20_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll()
          .filter((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subjectIncludes))
          .at(-1);
        return found !== undefined;
      },
      { message: `an email to ${to} about '${subjectIncludes}'`, timeout, intervals: [250] },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** Every http(s) link in the plain-text part. */
export function linksIn(mail: ReceivedMail): string[] {
  return mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

export function mailCount(to: string, subjectIncludes: string): number {
  return readAll().filter((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subjectIncludes))
    .length;
}
