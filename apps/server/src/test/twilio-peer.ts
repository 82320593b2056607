import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import twilio from 'twilio';

export type PeerText = {
  sid: string;
  to: string;
  from: string | null;
  service: string | null;
  body: string;
  statusCallback: string | null;
};

/**
 * A local peer speaking Twilio's Messages API as the official SDK calls it (POST
 * /2010-04-01/Accounts/{sid}/Messages.json, a form body, basic auth with the account SID and token; answer 201 with
 * the message resource), and signing status callbacks and replies as Twilio does. `failNext` makes the next answers
 * errors in Twilio's shape.
 */
export async function startTwilioPeer(options: { accountSid: string; authToken: string; port?: number }) {
  const received: PeerText[] = [];
  const failures: { status: number; code: number; message: string }[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => resolve(body));
    });
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    // What the peer received, for end-to-end tests in another process (not part of Twilio's API).
    if (request.method === 'GET' && request.url === '/__peer/texts') return json(200, received);
    const path = `/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
    if (request.method !== 'POST' || request.url !== path)
      return json(404, { code: 20404, message: 'Not found', status: 404 });
    if (request.headers.authorization !== expectedAuth)
      return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    const failure = failures.shift();
    if (failure)
      return json(failure.status, { ...failure, more_info: `https://www.twilio.com/docs/errors/${failure.code}` });
    const form = new URLSearchParams(body);
    const text: PeerText = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to: form.get('To') ?? '',
      from: form.get('From'),
      service: form.get('MessagingServiceSid'),
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
    };
    received.push(text);
    json(201, {
      sid: text.sid,
      account_sid: options.accountSid,
      to: text.to,
      from: text.from,
      messaging_service_sid: text.service,
      body: text.body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      uri: `${path.replace('.json', '')}/${text.sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    received,
    failNext(status: number, code: number, message: string) {
      failures.push({ status, code, message });
    },
    /** The form and signature Twilio would post to `url` (a status callback or an incoming reply). */
    signed(url: string, params: Record<string, string>) {
      return {
        body: new URLSearchParams(params).toString(),
        signature: twilio.getExpectedTwilioSignature(options.authToken, url, params),
      };
    },
    env: () => ({
      TWILIO_ACCOUNT_SID: options.accountSid,
      TWILIO_AUTH_TOKEN: options.authToken,
      TWILIO_FROM: '+447700900000',
      TWILIO_API_URL: url,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TwilioPeer = Awaited<ReturnType<typeof startTwilioPeer>>;
export const TEST_TWILIO = { accountSid: `AC${'0'.repeat(31)}1`, authToken: 'test-twilio-auth-token-0123456789' };
