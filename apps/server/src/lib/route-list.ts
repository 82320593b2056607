import type { FastifyInstance } from 'fastify';

export type RegisteredRoute = { method: string; url: string };

const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Keeps the list of routes the app registers (Fastify's onRoute hook), so the role matrix and the
 * fuzz test cover every route that exists rather than a list written by hand. Call before any route.
 */
export function trackRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path });
  });
}

/** Every method + path the app answers (HEAD routes Fastify adds for each GET included). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(routesByApp.get(app) ?? [])];
}
