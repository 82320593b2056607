// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stars } from './stars.tsx';

afterEach(cleanup);

/** The row of full stars is clipped to the rating's share of the five. */
function fullShare(label: string): string {
  const stars = screen.getByRole('img', { name: label });
  const rows = stars.querySelectorAll(':scope > span');
  return (rows[1] as HTMLElement).style.width;
}

describe('Stars', () => {
  it('is one image named by its label, with five empty and five full stars', () => {
    render(<Stars value={4} label="4 out of 5 stars" />);
    const stars = screen.getByRole('img', { name: '4 out of 5 stars' });
    expect(stars.querySelectorAll('svg')).toHaveLength(10);
    expect(fullShare('4 out of 5 stars')).toBe('80%');
  });

  it('fills a fraction of a star for an average', () => {
    render(<Stars value={4.3} label="Rated 4.3 out of 5" />);
    expect(Number.parseFloat(fullShare('Rated 4.3 out of 5'))).toBeCloseTo(86, 5);
  });

  it('keeps within none and five stars', () => {
    render(
      <>
        <Stars value={7} label="too many" />
        <Stars value={-1} label="too few" />
      </>,
    );
    expect(fullShare('too many')).toBe('100%');
    expect(fullShare('too few')).toBe('0%');
  });
});
