import type { Db } from '../../db/client.ts';
import type { SendAuthEmail } from '../auth/auth.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import { composeEmail } from './emails.service.ts';

/** What createAuth is handed to send its emails (decision 063): each is composed from the template in force and queued. */
export function authEmailSender(deps: { db: Db; outbox: Outbox; publicUrl: string }): SendAuthEmail {
  const { db, outbox, publicUrl } = deps;
  return async ({ kind, to, variables, withLogo }) => {
    await outbox.enqueue(
      db,
      await composeEmail(db, { kind, to, variables, publicUrl: withLogo ? publicUrl : undefined }),
    );
  };
}
