import { AppError, BROWSER_CONTEXT_HEADER, browserContextSchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, actorOf, inputRequestOf, queryRequestOf, requireRole } from '../auth/actor.ts';
import { fraudHeaders, licenceHashOf, multiFactorReference, type RequestFacts } from './fraud-headers.ts';
import { connectionStatus, disconnect, finishConnection, startConnection } from './hmrc-connection.ts';
import {
  drillDown,
  fileReturn,
  listLiabilitiesAndPayments,
  listObligations,
  listReceipts,
  previewReturn,
} from './vat-returns.service.ts';

const SERVER_VERSION = '0.1.0';
const bare = (ip: string) => ip.replace(/^::ffff:/, '');

/**
 * HMRC's fraud-prevention headers for a request of the owner's browser: what the browser said of itself in
 * `x-client-context`, and what this server saw — the address and port the request came from, the forwarded chain
 * (TRUST_PROXY), the address it answered on, and how the owner's session was second-factored.
 */
async function fraudHeadersOf(context: AppContext, request: FastifyRequest, actor: Actor | null) {
  const owner = requireRole(actor, 'admin');
  let said: unknown;
  try {
    said = JSON.parse(String(request.headers[BROWSER_CONTEXT_HEADER] ?? ''));
  } catch {
    throw new AppError('VALIDATION', 'This request needs the browser details HMRC asks for: reload the page.');
  }
  const browser = parseInput(browserContextSchema, said);
  // request.ips: the socket's address, then the forwarded ones nearest first; HMRC wants the chain from the client.
  const chain = (request.ips ?? [request.ip]).map(bare).reverse();
  const serverIp = bare(request.socket.localAddress ?? '');
  const hops = chain.map((address, index) => ({ for: address, by: chain[index + 1] ?? serverIp }));
  const session = await context.auth.api.getSession({ headers: new Headers({ cookie: request.headers.cookie ?? '' }) });
  const user = session?.user as { twoFactorEnabled?: boolean | null } | undefined;
  const type = user?.twoFactorEnabled ? 'TOTP' : 'OTHER';
  const facts: RequestFacts = {
    clientIp: chain[0] ?? bare(request.ip),
    clientPort: request.socket.remotePort ?? 0,
    at: new Date(),
    hops,
    serverIp,
    userId: owner.id,
    multiFactor: session
      ? { type, at: new Date(session.session.createdAt), reference: multiFactorReference(owner.id, type) }
      : null,
    serverVersion: SERVER_VERSION,
    licenceHash: licenceHashOf(context.env.HMRC_CLIENT_ID ?? ''),
  };
  return fraudHeaders(browser, facts);
}

/** Filing the VAT return with HMRC (decision 067): the owner's alone. */
export function vatReturnsRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    const withHeaders = async (request: FastifyRequest) => {
      const actor = await actorOf(auth, request);
      return { actor, fraudHeaders: await fraudHeadersOf(context, request, actor) };
    };
    app.get('/api/admin/vat/connection', async (request) =>
      connectionStatus(context, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/vat/connection', async (request) =>
      startConnection(context, await inputRequestOf(auth, request)),
    );
    app.delete('/api/admin/vat/connection', async (request, reply) => {
      await disconnect(context, { actor: await actorOf(auth, request) });
      return reply.status(204).send();
    });
    // Where HMRC sends the owner's browser back after its consent page.
    app.get('/api/admin/vat/callback', async (request, reply) => {
      const to = await finishConnection(context, {
        actor: await actorOf(auth, request),
        query: request.query as Record<string, string | undefined>,
      });
      return reply.redirect(to, 302);
    });
    app.get('/api/admin/vat/obligations', async (request) =>
      listObligations(context, { ...(await withHeaders(request)), query: request.query }),
    );
    app.get('/api/admin/vat/liabilities', async (request) =>
      listLiabilitiesAndPayments(context, { ...(await withHeaders(request)), query: request.query }),
    );
    app.get('/api/admin/vat/boxes', async (request) => previewReturn(context, await queryRequestOf(auth, request)));
    app.get('/api/admin/vat/drill-down', async (request) => drillDown(context, await queryRequestOf(auth, request)));
    app.get('/api/admin/vat/returns', async (request) =>
      listReceipts(context, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/vat/returns', async (request, reply) =>
      reply.status(201).send(await fileReturn(context, { ...(await withHeaders(request)), input: request.body })),
    );
  };
}
