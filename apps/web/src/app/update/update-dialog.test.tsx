import { UPDATE_DIALOG_TEXT } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme.ts';
import { UpdateDialog } from './update-dialog.tsx';
import { setUpdatePending } from './update-store.ts';

/** A waiting worker that answers GET_VERSION (when given a version) and records what it is told. */
function waitingWorker(version: string | null) {
  const messages: unknown[] = [];
  const worker = {
    postMessage: (message: { type: string }, transfer?: MessagePort[]) => {
      messages.push(message);
      if (message.type === 'GET_VERSION' && version) transfer?.[0]?.postMessage({ version });
    },
  };
  return { messages, registration: { waiting: worker, installing: null } as unknown as ServiceWorkerRegistration };
}

function renderDialog(reload = vi.fn()) {
  render(
    <MantineProvider env="test" theme={theme}>
      <UpdateDialog reload={reload} />
    </MantineProvider>,
  );
  return reload;
}

afterEach(() => vi.useRealTimers());

describe('update dialog', () => {
  it('shows the exact texts and the version the waiting worker reports', async () => {
    const { registration } = waitingWorker('1.2.0+abc');
    renderDialog();
    act(() => setUpdatePending(registration));
    const dialog = await screen.findByRole('dialog', { name: UPDATE_DIALOG_TEXT.title });
    expect(dialog).toHaveTextContent(UPDATE_DIALOG_TEXT.body);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([...UPDATE_DIALOG_TEXT.bullets]);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([UPDATE_DIALOG_TEXT.button]);
    expect(await screen.findByTestId('update-version')).toHaveTextContent('1.2.0+abc');
  });

  it('stays open on Escape', async () => {
    const { registration } = waitingWorker(null);
    renderDialog();
    act(() => setUpdatePending(registration));
    const dialog = await screen.findByRole('dialog', { name: UPDATE_DIALOG_TEXT.title });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: UPDATE_DIALOG_TEXT.title })).toBeInTheDocument();
  });

  it('on Update Now shows the updating overlay, tells the worker to skip waiting and reloads after 1000 ms', async () => {
    const { registration, messages } = waitingWorker(null);
    const reload = renderDialog();
    act(() => setUpdatePending(registration));
    const button = await screen.findByRole('button', { name: UPDATE_DIALOG_TEXT.button });
    vi.useFakeTimers();
    fireEvent.click(button);
    expect(screen.getByText(UPDATE_DIALOG_TEXT.updating)).toBeInTheDocument();
    expect(messages).toContainEqual({ type: 'SKIP_WAITING' });
    act(() => vi.advanceTimersByTime(999));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledOnce();
  });
});
