import twilio from 'twilio';
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

/**
 * The SDK's own HTTP client, sending to another address than api.twilio.com: only for tests against a local peer
 * speaking Twilio's Messages API (TWILIO_API_URL). Everything else (auth, form encoding, errors) is the SDK's.
 */
class PeerRequestClient extends twilio.RequestClient {
  readonly #base: URL;
  constructor(base: string) {
    super();
    this.#base = new URL(base);
  }
  override request<TData>(opts: RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.#base.protocol;
    uri.host = this.#base.host;
    return super.request<TData>({ ...opts, uri: uri.toString() });
  }
}

/** The Twilio sender, or null when Twilio is not configured: then nothing is sent and the screens say texts are off. */
export function twilioSenderOf(env: TwilioEnv): TextSender | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null;
  const client = twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, {
    ...(env.TWILIO_API_URL ? { httpClient: new PeerRequestClient(env.TWILIO_API_URL) } : {}),
    // The outbox retries with its own back-off; the SDK's retries would send a text twice on an ambiguous failure.
    autoRetry: false,
    timeout: 15_000,
  });
  const from = env.TWILIO_FROM;
  const service = env.TWILIO_MESSAGING_SERVICE_SID;
  return async ({ to, body, channel, statusCallback }) => {
    const whatsapp = (number: string) => (channel === 'whatsapp' ? `whatsapp:${number}` : number);
    const message = await client.messages.create({
      to: whatsapp(to),
      body,
      ...(service ? { messagingServiceSid: service } : { from: whatsapp(from ?? '') }),
      ...(statusCallback ? { statusCallback } : {}),
    });
    return { providerId: message.sid, status: message.status };
  };
}

/** Whether a callback really comes from Twilio: its signature over the exact public URL and the form fields. */
export function isTwilioSignatureValid(
  env: Pick<Env, 'TWILIO_AUTH_TOKEN'>,
  request: { signature: string | undefined; url: string; params: Record<string, string> },
): boolean {
  if (!env.TWILIO_AUTH_TOKEN || !request.signature) return false;
  return twilio.validateRequest(env.TWILIO_AUTH_TOKEN, request.signature, request.url, request.params);
}
