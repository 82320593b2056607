import type { Page } from '@playwright/test';
import { STRIPE_PEER_PORT } from './paths.ts';

/**
 * Stripe.js cannot be downloaded on the test machines: this is a stand-in for exactly the part the product calls
 * (`Stripe(pk)` → `elements({ clientSecret, appearance })` → `create('payment')` → `on('ready')`, `mount(el)`;
 * `confirmPayment`, and `confirmSetup` for a card saved on a SetupIntent). The "Payment Element" is a card-number box; Stripe's test card numbers map to Stripe's test
 * payment methods, and confirming posts to api.stripe.com as Stripe.js does (publishable key and client secret in
 * the form), which `useFakeStripe` routes to the local Stripe peer. The peer then sends the signed webhook to the
 * app, so the booking is confirmed by the server's production path.
 */
const fakeStripeJs = String.raw`(() => {
  const testCards = { '4242424242424242': 'pm_card_visa', '4000000000000002': 'pm_card_chargeDeclined' };
  function Stripe(publishableKey) {
    return {
      elements({ clientSecret, appearance }) {
        let input = null;
        return {
          clientSecret,
          cardNumber: () => (input ? input.value.replace(/\s+/g, '') : ''),
          create(type) {
            const handlers = {};
            return {
              on(event, handler) { handlers[event] = handler; },
              mount(target) {
                const box = typeof target === 'string' ? document.querySelector(target) : target;
                box.setAttribute('data-fake-stripe', type);
                box.setAttribute('data-appearance', JSON.stringify(appearance || {}));
                const label = document.createElement('label');
                label.textContent = 'Card number';
                label.style.display = 'grid';
                input = document.createElement('input');
                input.autocomplete = 'cc-number';
                input.inputMode = 'numeric';
                input.style.minHeight = '44px';
                label.appendChild(input);
                box.appendChild(label);
                setTimeout(() => handlers.ready && handlers.ready({ elementType: type }), 0);
              },
            };
          },
        };
      },
      async confirmPayment({ elements, confirmParams, redirect }) {
        const paymentMethod = testCards[elements.cardNumber()];
        if (!paymentMethod)
          return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        const intentId = elements.clientSecret.split('_secret_')[0];
        const answer = await fetch('https://api.stripe.com/v1/payment_intents/' + intentId + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            key: publishableKey,
            client_secret: elements.clientSecret,
            payment_method: paymentMethod,
            return_url: confirmParams.return_url,
          }).toString(),
        });
        const json = await answer.json();
        if (json.error) return { error: json.error };
        if (redirect !== 'if_required') {
          const back = new URL(confirmParams.return_url);
          back.searchParams.set('payment_intent', json.id);
          back.searchParams.set('payment_intent_client_secret', elements.clientSecret);
          back.searchParams.set('redirect_status', json.status);
          window.location.assign(back.toString());
          return new Promise(() => {});
        }
        return { paymentIntent: json };
      },
      async confirmSetup({ elements, confirmParams, redirect }) {
        const paymentMethod = testCards[elements.cardNumber()];
        if (!paymentMethod)
          return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        const setupId = elements.clientSecret.split('_secret_')[0];
        const answer = await fetch('https://api.stripe.com/v1/setup_intents/' + setupId + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            key: publishableKey,
            client_secret: elements.clientSecret,
            payment_method: paymentMethod,
            return_url: confirmParams.return_url,
          }).toString(),
        });
        const json = await answer.json();
        if (json.error) return { error: json.error };
        if (redirect !== 'if_required') {
          const back = new URL(confirmParams.return_url);
          back.searchParams.set('setup_intent', json.id);
          back.searchParams.set('redirect_status', json.status);
          window.location.assign(back.toString());
          return new Promise(() => {});
        }
        return { setupIntent: json };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** The peer's own URL, for the test's requests to it (its control paths). */
export const stripePeerUrl = `http://127.0.0.1:${STRIPE_PEER_PORT}`;

/** Serves the fake Stripe.js and sends the page's calls to api.stripe.com to the local Stripe peer. */
export async function useFakeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeStripeJs }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${stripePeerUrl}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** When the peer delivers the webhook of a payment confirmed in the page: after its answer, before it, or never. */
export async function peerConfirmWebhooks(page: Page, when: 'after' | 'before' | 'none') {
  const answer = await page.request.post(`${stripePeerUrl}/__peer/confirm-webhooks?when=${when}`);
  if (!answer.ok()) throw new Error(`peer: ${answer.status()}`);
}

/** Stripe delivers the intent's last event again, `times` times; the app's HTTP statuses. */
export async function peerResend(page: Page, intentId: string, times: number): Promise<number[]> {
  const answer = await page.request.post(`${stripePeerUrl}/__peer/intents/${intentId}/resend?times=${times}`);
  if (!answer.ok()) throw new Error(`peer: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { statuses: number[] }).statuses;
}
