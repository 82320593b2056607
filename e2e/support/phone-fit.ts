import type { Page } from '@playwright/test';
import { pageAtRest } from './axe.ts';
import { expect } from './fixtures.ts';
import { tmpDir } from './paths.ts';

/** The phone the site must fit: an iPhone's 375 × 812. */
export const PHONE = { width: 375, height: 812 } as const;

/**
 * A name of about 60 characters without a space, which must wrap rather than widen a screen; `seed` makes it the
 * test's own (letters only, so a search finds this one).
 */
export function longUnbrokenName(seed: string): string {
  const own = seed.replace(/[^a-z]/gi, '') + Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');
  return `Wolfeschlegelsteinhausenbergerdorff${own}`.padEnd(60, 'e').slice(0, 60);
}

/** An email of 70-odd characters, its local part unbroken, unique to the run. */
export function longUnbrokenEmail(name: string): string {
  return `${name.toLowerCase()}${Date.now()}@example.test`;
}

/**
 * What does not fit a 375 px phone: horizontal overflow, cut-off badges, a target under 24 × 24 px that is not a link
 * inside a sentence (WCAG 2.5.8's inline exception), a primary action under 44 px tall. Each is named by its
 * accessible name, so the assertion's message says which.
 */
export async function misfits(page: Page): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      // Visually hidden text for screen readers (Mantine's VisuallyHidden, a skip link out of sight) is no target.
      if (box.width <= 1 || box.height <= 1 || box.right <= 0 || box.bottom <= 0) return false;
      return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const textOf = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const accessibleName = (element: Element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => textOf(document.getElementById(id)))
            .join(' ')
        : '';
      const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])].map(textOf).join(' ') : '';
      const name =
        element.getAttribute('aria-label') ||
        byIds ||
        labels ||
        textOf(element) ||
        element.getAttribute('title') ||
        element.getAttribute('placeholder') ||
        '';
      return `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${name.slice(0, 50)}"`;
    };
    const problems: string[] = [];

    // A phone widens its layout viewport to fit what overflows, so the screen's width is the fixed 375.
    const overflow = document.documentElement.scrollWidth - screenWidth;
    if (overflow > 0) {
      // The elements whose own text runs out of their box (a long word that does not break) first, then the boxes.
      const spilling = [...document.querySelectorAll('body *')].filter(
        (element) =>
          shown(element) &&
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX === 'visible' &&
          [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
      );
      const wide = [...document.querySelectorAll('body *')].filter(
        (element) => shown(element) && element.getBoundingClientRect().right > screenWidth + 1,
      );
      const culprits = [...spilling, ...wide].slice(0, 4).map(accessibleName);
      problems.push(`${overflow} px wider than the screen: ${culprits.join(', ')}`);
    }

    for (const label of document.querySelectorAll('.mantine-Badge-label'))
      if (shown(label) && label.scrollWidth > label.clientWidth + 1)
        problems.push(`cut-off badge ${accessibleName(label)}`);

    const interactive = [
      'a[href]',
      'button',
      'select',
      'textarea',
      'summary',
      'input:not([type="hidden"])',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="option"]',
      '[role="menuitem"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(', ');
    const seen = new Set<Element>();
    for (const target of document.querySelectorAll(interactive)) {
      // What takes the tap: a checkbox's or radio's whole label, a tags field around its inner input.
      const labels =
        target instanceof HTMLInputElement && ['checkbox', 'radio'].includes(target.type)
          ? [...(target.labels ?? [])]
          : [];
      const area =
        target.closest(
          '.mantine-Checkbox-root, .mantine-Radio-root, .mantine-Switch-root, .mantine-Input-input, .mantine-SegmentedControl-control',
        ) ?? target;
      // A stretched link (a price row's): its ::after covers the positioned box around it, which takes the tap.
      const after = getComputedStyle(target, '::after');
      const stretched =
        after.content !== 'none' && after.position === 'absolute' && after.top === '0px' && after.left === '0px';
      let holder = stretched ? target.parentElement : null;
      while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
      const candidates = [area, ...labels, ...(holder ? [holder] : [])].filter(shown);
      if (candidates.length === 0 || seen.has(area)) continue;
      seen.add(area);
      // A link or button inside a sentence is exempt (WCAG 2.5.8): it is laid out inline, among other text.
      const display = getComputedStyle(target).display;
      if (display === 'inline' && textOf(target.parentElement).length > textOf(target).length) continue;
      const width = Math.max(...candidates.map((element) => element.getBoundingClientRect().width));
      const height = Math.max(...candidates.map((element) => element.getBoundingClientRect().height));
      if (width < 24 || height < 24)
        problems.push(`small target ${accessibleName(target)} ${Math.round(width)}×${Math.round(height)}`);
    }

    for (const button of document.querySelectorAll(
      'main .mantine-Button-root:not([data-variant]), main .mantine-Button-root[data-variant="filled"], [role="dialog"] .mantine-Button-root:not([data-variant])',
    ))
      if (shown(button) && button.getBoundingClientRect().height < 44)
        problems.push(`primary action under 44 px ${accessibleName(button)}`);
    return problems;
  }, PHONE.width);
}

/** What misfits the page once it is at rest: [] when it fits a 375 px phone. */
export async function misfitsAtRest(page: Page): Promise<string[]> {
  await pageAtRest(page);
  return misfits(page);
}

/**
 * Checks screen after screen at 375 px, keeping what misfits each (with a full-page screenshot to look at), so one
 * run lists every offender: `expectAllFit()` at the end fails with the whole list.
 */
export function phoneFitWalk(page: Page, side: string) {
  const found: Record<string, string[]> = {};
  return {
    async check(what: string) {
      await pageAtRest(page);
      await page.screenshot({
        path: `${tmpDir}/shots/375-${side}${what.replace(/\W+/g, '-')}.png`,
        fullPage: true,
      });
      const problems = await misfits(page);
      if (problems.length > 0) found[what] = problems;
    },
    expectAllFit() {
      expect(found, `screens of the ${side} that do not fit a 375 px phone`).toEqual({});
    },
  };
}
