import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe("the app's theme", () => {
  // Mantine's spinner is a bare span, on which the name it is given would be prohibited (axe aria-prohibited-attr).
  it('makes every spinner a status that a screen reader names', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading the bookings" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading the bookings' })).toBeTruthy();
  });
});
