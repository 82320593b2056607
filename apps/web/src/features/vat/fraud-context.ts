import { BROWSER_CONTEXT_HEADER, type BrowserContext } from '@app/shared';

const DEVICE_KEY = 'hmrc-device-id';
const WEB_VERSION = '0.1.0';

/** An id this browser keeps for HMRC's Gov-Client-Device-ID: made once, then the same on every visit. */
function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    // Storage refused (a private window): an id for this page's life is still honest.
    return sessionId;
  }
}
const sessionId = crypto.randomUUID();

/**
 * What HMRC's fraud-prevention rules ask the owner's browser to tell about itself (WEB_APP_VIA_SERVER), read
 * afresh for each request: the screen and window may change while the page is open.
 */
export function browserContext(): BrowserContext {
  return {
    userAgent: navigator.userAgent,
    deviceId: deviceId(),
    screens: [
      {
        width: Math.round(window.screen.width),
        height: Math.round(window.screen.height),
        scalingFactor: window.devicePixelRatio || 1,
        colourDepth: window.screen.colorDepth,
      },
    ],
    windowSize: { width: window.innerWidth, height: window.innerHeight },
    utcOffsetMinutes: -new Date().getTimezoneOffset(),
    webVersion: WEB_VERSION,
  };
}

export const browserContextHeaders = () => ({ [BROWSER_CONTEXT_HEADER]: JSON.stringify(browserContext()) });
