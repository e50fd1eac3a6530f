import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.js';
import { firstScreenFor, loadFirstScreenHints } from './firstScreen.js';
import type { AppInstance } from './types.js';

/**
 * The built PWA's index.html, served for every page the SPA routes. A page may add tags to its
 * <head> (share cards: features/sharing) since link previews read the HTML and run no script.
 */
export interface WebShell {
  /** The built web app's folder (WEB_DIST_DIR or packages/web/dist). */
  readonly distDir: string;
  /** Whether the web app is built (tests run without it unless they point WEB_DIST_DIR at one). */
  readonly available: boolean;
  /**
   * Sends index.html for the page at `pathname`, with the hints that fetch its first screen's code
   * for a browser that is (or is not) signed in, and `head` (trusted, already escaped markup)
   * inserted before </head>.
   */
  sendPage(reply: FastifyReply, page: { pathname: string; signedIn: boolean; head?: string }): FastifyReply;
  /**
   * Sends visitor.html, the signed-out profile's own small page (features/visitors), with the
   * server-rendered `head` and `body` (trusted, already escaped markup) in place; index.html when
   * the build has none.
   */
  sendVisitorPage(reply: FastifyReply, page: { lang: string; head: string; body: string }): FastifyReply;
}

export function loadWebShell(distDir: string): WebShell {
  const indexFile = path.join(distDir, 'index.html');
  const html = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const visitorFile = path.join(distDir, 'visitor.html');
  const visitorHtml = fs.existsSync(visitorFile) ? fs.readFileSync(visitorFile, 'utf8') : null;
  const hintsFor = loadFirstScreenHints(distDir);
  return {
    distDir,
    available: html !== null,
    sendPage(reply, { pathname, signedIn, head }) {
      if (html === null) return sendError(reply, 'web_app_not_built');
      const added = [hintsFor(firstScreenFor(pathname, signedIn)), head].filter(Boolean).join('\n    ');
      // a function, not a string: a `$` in the head (a question's text) must not be read as a replacement pattern
      const page = added ? html.replace('</head>', () => `    ${added}\n  </head>`) : html;
      // the hints depend on the session cookie, so a cache keeps one copy per cookie
      return reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(page);
    },
    sendVisitorPage(reply, { lang, head, body }) {
      // a web build without the page: the app's, with the share-card tags still in its head
      if (visitorHtml === null) return this.sendPage(reply, { pathname: '', signedIn: false, head: head.replace(/<title>[^<]*<\/title>\s*/, '') });
      // functions, not strings: a `$` in user text must not be read as a replacement pattern
      const page = visitorHtml
        .replace('<html lang="en">', () => `<html lang="${lang}">`)
        .replace(/<title>[^<]*<\/title>/, () => '')
        .replace('<!--visitor-head-->', () => head)
        .replace('<!--visitor-body-->', () => body);
      // private: the page is built for this visitor's language, and never for a signed-in browser
      return reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-language').type('text/html; charset=utf-8').send(page);
    },
  };
}

/**
 * Serves the built PWA's files with an SPA fallback; API 404s stay JSON. `hasSession` says whether
 * a request carries a session cookie (not whether it is still valid, which would ask the
 * database for every page): only the first screen's hints depend on it.
 */
export function serveWebApp(app: AppInstance, shell: WebShell, hasSession: (request: FastifyRequest) => boolean): void {
  if (shell.available) {
    // chunks of the builds before this one stay reachable for tabs opened before a deploy (scripts/keep-previous-assets.mjs)
    const previous = `${shell.distDir.replace(/[\\/]$/, '')}-previous`;
    void app.register(fastifyStatic, {
      root: fs.existsSync(previous) ? [shell.distDir, previous] : shell.distDir,
      wildcard: false,
      // dist holds a .br and a .gz next to each file (scripts/precompress.mjs): sent to browsers that accept them
      preCompressed: true,
      setHeaders(res, filePath) {
        // hashed assets are immutable; the shell and the service worker must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn(`web app not built (${path.join(shell.distDir, 'index.html')} missing): run "npm run build"`);
  }
  // the SPA's pages: a real route (not the not-found handler), so it gets the route hooks (compression, metrics)
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = !url.startsWith('/api/') && !path.extname(url);
    if (!isPage || !shell.available) return sendError(reply, 'route_not_found', { method: request.method, url });
    return shell.sendPage(reply, { pathname: url, signedIn: hasSession(request) });
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 'route_not_found', { method: request.method, url: request.url.split('?')[0] ?? '/' }));
}
