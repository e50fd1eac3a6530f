import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildServerContext, type ContextOptions } from './composition/context.js';
import { installApiDocs, installRequestPipeline } from './composition/pipeline.js';
import { registerRoutes } from './composition/routes.js';
import type { Config } from './config.js';
import type { Database } from './db/open.js';
import { createAdmission, installAdmission } from './http/admission.js';
import { sendFrameworkError } from './http/errors.js';
import { installHealthChecks } from './http/health.js';
import { PrettyLogStream, resolveLogFormat } from './http/logFormat.js';
import { redactedErrorSerializer, redactPaths } from './http/logRedaction.js';
import { installRouteTable } from './http/routeTable.js';
import type { AppInstance } from './http/types.js';
import { serveWebApp } from './http/webShell.js';
import { hasSessionCookie } from './features/auth/sessions.js';

export interface BuildOptions extends ContextOptions {
  /** Tests only: where the logs go instead of stdout. */
  logStream?: DestinationStream;
}

/**
 * Builds the whole HTTP app on an open database; tests build one per file (with a clock they
 * move), main.ts one per process. The composition root: the context (composition/context.ts), the
 * request pipeline (composition/pipeline.ts), the routes (composition/routes.ts), the web app.
 */
export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    // secrets never reach the logs: cookies, passwords, hashes, emails, query parameters;
    // on a terminal, one readable line per request (LOG_FORMAT)
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { err: redactedErrorSerializer },
      stream: options.logStream ?? (resolveLogFormat(config.logFormat) === 'pretty' && config.logLevel !== 'silent' ? new PrettyLogStream() : undefined),
    },
    // a hop count trusts that many X-Forwarded-For hops from the right (the ones our proxies added)
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendFrameworkError,
    // shutting down, requests that arrive on open connections are still served (health.ts closes
    // their connections after them) instead of a 503 the client would have to retry
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // the first hook of every request: with the database in this thread, served in the order they were read (decision 194)
  const admission = database.kind === 'pglite' ? createAdmission() : null;
  if (admission) installAdmission(app, admission);
  installRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = await buildServerContext(app, config, database, admission, options);
  app.decorate('ctx', ctx);
  await installRequestPipeline(app, ctx);
  await installApiDocs(app);
  installHealthChecks(app, ctx.db);
  await registerRoutes(app, ctx);
  serveWebApp(app, ctx.webShell, hasSessionCookie);
  return app;
}
