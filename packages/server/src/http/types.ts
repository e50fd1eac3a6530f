import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The context the features got (tests call services and emit events with it). */
    ctx: ServerContext;
  }
  interface FastifyContextConfig {
    /** The route holds its connection open as a stream (live events): once open, it is not work the app is doing. */
    liveStream?: boolean;
  }
}

/** The Fastify app every routes file registers on: routes validate and serialise with the shared zod schemas. */
export type AppInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
