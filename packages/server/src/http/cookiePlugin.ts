import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * @fastify/cookie loads its parser with a dynamic `import('cookie')` while it registers: the only
 * plugin here whose registration waits for the event loop to come round (file reads). Fastify
 * times each plugin's registration (10 s), and on the embedded database the one thread may be busy
 * for longer than that with the database's own work (crash recovery, first use of an extension's
 * code), most often right after a crash: the start then failed with 'Plugin did not start in
 * time: @fastify/cookie'. Loaded here first, the plugin's import finds the module loaded and
 * registration never waits for the event loop.
 */
export async function preloadCookieParser(): Promise<void> {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/cookie'));
  await import(pathToFileURL(fromPlugin.resolve('cookie')).href);
}
