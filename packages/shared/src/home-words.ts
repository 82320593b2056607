// No zod here: the home page's first script imports these words.

/**
 * The home page's words as the product writes them, until the owner writes their own. index.html's
 * first paint carries the headline and introduction; the server puts the owner's in their place.
 */
export const HOME_WORDS = {
  headline: 'Massage that fits your day',
  intro:
    'Professional massage by appointment: relaxing Swedish, focused deep tissue, or a combination of both. Choose a treatment and a length, pick a time that suits you and you are booked.',
  steps: [
    { title: 'Choose a treatment', text: 'Swedish to unwind, deep tissue for knots, or both in one.' },
    { title: 'Pick a time', text: 'See the free times at once and book in a minute, on any device.' },
    { title: 'Come and rest', text: 'Your confirmation has the address; change or cancel online.' },
  ],
  callToAction: 'Book now',
} as const;

export type HomeWords = {
  headline: string;
  intro: string;
  steps: { title: string; text: string }[];
  callToAction: string;
};

/**
 * The cover photo's band: full width, this tall on every screen (a phone's third, a desk's half), cropped around the
 * owner's focal point. The server's first paint and the home page draw it with these same values (no layout shift).
 */
export const COVER_HEIGHT = 'clamp(14rem, 42vw, 34rem)';
export const COVER_SIZES = '100vw';

/** `object-position` of a photo cropped around a focal point given in percent of its width and height. */
export const coverPosition = (focus: { x: number; y: number }) => `${focus.x}% ${focus.y}%`;
