import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.js';
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
  /** Sends index.html, with `head` (trusted, already escaped markup) inserted before </head>. */
  sendPage(reply: FastifyReply, head?: string): FastifyReply;
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
  return {
    distDir,
    available: html !== null,
    sendPage(reply, head) {
      if (html === null) return sendError(reply, 'web_app_not_built');
      // a function, not a string: a `$` in the head (a question's text) must not be read as a replacement pattern
      const page = head ? html.replace('</head>', () => `    ${head}\n  </head>`) : html;
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    },
    sendVisitorPage(reply, { lang, head, body }) {
      if (visitorHtml === null) return this.sendPage(reply);
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

/** Serves the built PWA's files with an SPA fallback; API 404s stay JSON. */
export function serveWebApp(app: AppInstance, shell: WebShell): void {
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
    return shell.sendPage(reply);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 'route_not_found', { method: request.method, url: request.url.split('?')[0] ?? '/' }));
}
