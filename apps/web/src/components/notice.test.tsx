// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Notice } from './notice.tsx';

afterEach(cleanup);

describe('Notice', () => {
  it('is an alert by default, with its title and message, in the colour’s light variant', () => {
    render(
      <Notice color="red" title="Prices could not be loaded">
        Please check your connection.
      </Notice>,
    );
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Prices could not be loaded');
    expect(notice).toHaveTextContent('Please check your connection.');
    expect(notice.style.getPropertyValue('--notice-bg')).toBe('var(--mantine-color-red-light)');
    expect(notice.style.getPropertyValue('--notice-color')).toBe('var(--mantine-color-red-light-color)');
    expect(notice.style.getPropertyValue('--notice-radius')).toBe('');
  });

  it('can be a status with square corners', () => {
    render(
      <Notice color="orange" title="You are offline" role="status" square>
        Prices need a connection.
      </Notice>,
    );
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('You are offline');
    expect(notice.style.getPropertyValue('--notice-radius')).toBe('0');
  });
});
