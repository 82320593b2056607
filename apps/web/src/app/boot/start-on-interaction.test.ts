// public/start-on-interaction.js (decision 100): on home as the server rendered it, the visitor's first interaction
// starts the app, and a click made before home is live is held and made again once it is (or once the start-up has
// given up, main.tsx). Each test loads the script into a page of its own, so its listeners stay there.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = readFileSync(resolve(import.meta.dirname, '../../../public/start-on-interaction.js'), 'utf8');

/** The server's page in a document of its own, with the script run against it and a window of its own. */
function renderedHome(hash = '') {
  const document = window.document.implementation.createHTMLDocument('home');
  document.body.innerHTML = '<main><a href="#book">Book now</a><p>Treatments and prices</p></main>';
  const page = new EventTarget();
  new Function('addEventListener', 'removeEventListener', 'document', 'location', script)(
    page.addEventListener.bind(page),
    page.removeEventListener.bind(page),
    document,
    { hash },
  );
  const link = document.querySelector('a') as HTMLAnchorElement;
  const clicksReached: boolean[] = [];
  // What the app's own handler would see: each click that reaches the link, and whether it was held back.
  link.addEventListener('click', (event) => clicksReached.push(event.defaultPrevented));
  const click = (element: Element) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event;
  };
  return { page, document, link, clicksReached, click };
}

describe('start-on-interaction.js', () => {
  it('holds a click on a link until home is live, starting the app, then makes it again', () => {
    const { document, link, clicksReached, click } = renderedHome();
    let started = 0;
    document.addEventListener('interacted', () => {
      started += 1;
    });

    const first = click(link);
    expect(first.defaultPrevented).toBe(true);
    expect(clicksReached).toEqual([]);
    expect(document.documentElement.hasAttribute('data-interacted')).toBe(true);
    expect(started).toBe(1);

    document.dispatchEvent(new Event('home-live'));
    expect(clicksReached).toEqual([false]);

    // Live now: clicks go straight through, and are not made twice.
    click(link);
    expect(clicksReached).toEqual([false, false]);
  });

  it('lets a click on plain text through, and starts the app at a scroll', () => {
    const { page, document, clicksReached, click } = renderedHome();
    const text = document.querySelector('p') as HTMLParagraphElement;
    expect(click(text).defaultPrevented).toBe(false);
    expect(document.documentElement.hasAttribute('data-interacted')).toBe(false);

    page.dispatchEvent(new Event('scroll'));
    expect(document.documentElement.hasAttribute('data-interacted')).toBe(true);
    document.dispatchEvent(new Event('home-live'));
    expect(clicksReached).toEqual([]);
  });

  it('holds nothing on an old hash bookmark, which the start-up draws afresh', () => {
    const { link, clicksReached, click } = renderedHome('#/book');
    expect(click(link).defaultPrevented).toBe(false);
    expect(clicksReached).toEqual([false]);
  });
});
