import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (method, path pattern): the authorization matrix and the reserved usernames are checked against it. */
    routeTable: readonly RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
}

/** Records each route as it is registered; call before any route or plugin. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
}

/** The fixed words of the registered paths (`/api/users/search` → api, users, search). */
export function routeWords(table: readonly RouteEntry[]): Set<string> {
  const words = new Set<string>();
  for (const { url } of table)
    for (const segment of url.split('/')) if (segment && !segment.startsWith(':') && segment !== '*') words.add(segment.toLowerCase());
  return words;
}
