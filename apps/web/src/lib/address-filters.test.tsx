import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressFilters } from './address-filters.ts';

function Filters() {
  const { params, update, page, setPage } = useAddressFilters();
  const location = useLocation();
  return (
    <>
      <output aria-label="Address">{location.search}</output>
      <output aria-label="Page">{page}</output>
      {/* Two changes before the page renders again, as when a browser fills both date boxes at once. */}
      <button
        type="button"
        onClick={() => {
          update({ from: '2026-09-01' });
          update({ to: '2026-09-30' });
        }}
      >
        Both dates
      </button>
      <button type="button" onClick={() => update({ status: null, from: '' })}>
        Clear
      </button>
      <button type="button" onClick={() => setPage(3)}>
        Page 3
      </button>
      <span>{params.get('status')}</span>
    </>
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

function renderAt(search: string) {
  render(
    <MemoryRouter initialEntries={[`/finances${search}`]}>
      <Filters />
    </MemoryRouter>,
  );
}

describe('filters held in the address', () => {
  it('keep both of two changes made before the page renders again', () => {
    renderAt('?period=custom&from=2026-01-01&to=2026-12-31');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Both dates' })));
    expect(address()).toBe('?period=custom&from=2026-09-01&to=2026-09-30');
  });

  it('remove the keys given as empty and keep the others', () => {
    renderAt('?status=paid&from=2026-01-01&q=ann');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(address()).toBe('?q=ann');
  });

  it('read the page from the address, 1 when it is not a whole number above zero', () => {
    renderAt('?page=-4');
    expect(screen.getByRole('status', { name: 'Page' }).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(address()).toBe('?page=3');
    expect(screen.getByRole('status', { name: 'Page' }).textContent).toBe('3');
  });
});
