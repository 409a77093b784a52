import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Every route the app registers, and whether app.requireAdmin guards it, recorded as routes are added (an onRoute
// hook at the root sees the routes of every plugin registered after it). The access-control test walks this list,
// so a new admin route is tested the moment it exists, and a route under /api/admin without the guard fails it.

export interface CatalogueRoute {
  method: string;
  url: string;
  /** app.requireAdmin is one of the route's onRequest hooks (it runs before the body is read or validated). */
  admin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes registered so far, in order (HEAD twins of GET routes included). */
    routeCatalogue: readonly CatalogueRoute[];
  }
}

export const routeCataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const routes: CatalogueRoute[] = [];
    app.decorate('routeCatalogue', routes);
    app.addHook('onRoute', (route) => {
      const onRequest = [route.onRequest ?? []].flat();
      const admin = onRequest.includes(app.requireAdmin);
      for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path, admin });
    });
  },
  { name: 'route-catalogue', dependencies: ['admin-guard'] },
);
