import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type BootModule, runBootModules } from './boot-modules.ts';

const context = { queryClient: new QueryClient(), config: null };

function recorder() {
  const ran: string[] = [];
  const module = (name: string, run?: BootModule['run']): BootModule => ({
    name,
    run: async (ctx) => {
      ran.push(name);
      await run?.(ctx);
    },
  });
  return { ran, module };
}

describe('start-up modules', () => {
  it('run one after another in their order and then let the app mount', async () => {
    const { ran, module } = recorder();
    const outcome = await runBootModules([module('user'), module('colour'), module('analytics')], context);
    expect(ran).toEqual(['user', 'colour', 'analytics']);
    expect(outcome).toEqual({ kind: 'mount' });
  });

  it('stop at a module that asks for a redirect, and the app does not mount', async () => {
    const { ran, module } = recorder();
    const outcome = await runBootModules(
      [module('user', ({ redirect }) => redirect('/elsewhere')), module('colour')],
      context,
    );
    expect(ran).toEqual(['user']);
    expect(outcome).toEqual({ kind: 'redirect', url: '/elsewhere' });
  });

  it('stop at a module that fails and report the failure', async () => {
    const { ran, module } = recorder();
    const boom = new Error('boom');
    const outcome = await runBootModules(
      [
        module('user', () => {
          throw boom;
        }),
        module('colour'),
      ],
      context,
    );
    expect(ran).toEqual(['user']);
    expect(outcome).toEqual({ kind: 'failed', error: boom });
  });
});
