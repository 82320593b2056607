import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { Env } from '../../env.ts';

export type TextMessage = { to: string; body: string; channel: 'sms' | 'whatsapp'; statusCallback?: string };
/** Sends one text and answers the provider's id of it; throws when the provider refused or could not be reached. */
export type TextSender = (message: TextMessage) => Promise<{ providerId: string; status: string }>;

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

type TwilioEnv = Pick<
  Env,
  'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_MESSAGING_SERVICE_SID' | 'TWILIO_API_URL'
>;

/** The SDK, loaded with the first text or callback, not with the server (decision 088). */
const twilioSdk = async () => (await import('twilio')).default;

/**
 * The SDK's own HTTP client, sending to another address than api.twilio.com: only for tests against a local peer
 * speaking Twilio's Messages API (TWILIO_API_URL). Everything else (auth, form encoding, errors) is the SDK's.
 */
async function peerRequestClient(base: string) {
  const twilio = await twilioSdk();
  const address = new URL(base);
  return new (class PeerRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestOptions<TData>) {
      const uri = new URL(opts.uri);
      uri.protocol = address.protocol;
      uri.host = address.host;
      return super.request<TData>({ ...opts, uri: uri.toString() });
    }
  })();
}

/** The Twilio client of a configured account (the SID's form is checked with the environment). */
async function twilioClientOf(env: TwilioEnv & { TWILIO_ACCOUNT_SID: string; TWILIO_AUTH_TOKEN: string }) {
  const twilio = await twilioSdk();
  return twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, {
    ...(env.TWILIO_API_URL ? { httpClient: await peerRequestClient(env.TWILIO_API_URL) } : {}),
    // The outbox retries with its own back-off; the SDK's retries would send a text twice on an ambiguous failure.
    autoRetry: false,
    timeout: 15_000,
  });
}

/** The Twilio sender, or null when Twilio is not configured: then nothing is sent and the screens say texts are off. */
export function twilioSenderOf(env: TwilioEnv): TextSender | null {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } = env;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN) return null;
  let client: ReturnType<typeof twilioClientOf> | undefined;
  const from = env.TWILIO_FROM;
  const service = env.TWILIO_MESSAGING_SERVICE_SID;
  return async ({ to, body, channel, statusCallback }) => {
    const whatsapp = (number: string) => (channel === 'whatsapp' ? `whatsapp:${number}` : number);
    client ??= twilioClientOf({ ...env, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN });
    const message = await (await client).messages.create({
      to: whatsapp(to),
      body,
      ...(service ? { messagingServiceSid: service } : { from: whatsapp(from ?? '') }),
      ...(statusCallback ? { statusCallback } : {}),
    });
    return { providerId: message.sid, status: message.status };
  };
}

/** Whether a callback really comes from Twilio: its signature over the exact public URL and the form fields. */
export async function isTwilioSignatureValid(
  env: Pick<Env, 'TWILIO_AUTH_TOKEN'>,
  request: { signature: string | undefined; url: string; params: Record<string, string> },
): Promise<boolean> {
  if (!env.TWILIO_AUTH_TOKEN || !request.signature) return false;
  return (await twilioSdk()).validateRequest(env.TWILIO_AUTH_TOKEN, request.signature, request.url, request.params);
}
