import { remoteBlockListSchema, remoteBlockSchema, remoteFollowerListSchema, usernameParamsSchema } from '@askbox/common';
import type { ServerContext } from '../context.js';
import { isBlockedEitherWay } from '../features/visibility/index.js';
import { findUserByUsername } from '../features/users/lookup.js';
import { AppError } from '../errors.js';
import type { AppInstance } from '../http/types.js';
import { requireViewer } from '../http/viewer.js';
import { blockRemote, remoteBlockList, remoteFollowers, unblockRemote } from './actors/remoteActors.js';

/** The list is capped like the local followers list; the counter stays exact. */
const REMOTE_FOLLOWERS_MAX = 500;

/** The app's side of federation: remote followers (shown marked as remote) and blocks of remote accounts and servers. */
export async function federationRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/api/users/:username/remote-followers',
    {
      schema: {
        tags: ['federation'],
        summary: "A user's followers on other servers (ActivityPub)",
        params: usernameParamsSchema,
        response: { 200: remoteFollowerListSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const user = await findUserByUsername(ctx.db, request.params.username);
      if (user.id !== viewer.id && (await isBlockedEitherWay(ctx.db, viewer.id, user.id))) throw new AppError('forbidden');
      return { items: await remoteFollowers(ctx.db, user.id, REMOTE_FOLLOWERS_MAX) };
    },
  );

  app.get(
    '/api/me/remote-blocks',
    { schema: { tags: ['federation'], summary: 'Remote accounts and servers you blocked', response: { 200: remoteBlockListSchema } } },
    async (request) => ({ items: await remoteBlockList(ctx.db, requireViewer(request).id) }),
  );

  app.post(
    '/api/me/remote-blocks',
    {
      schema: {
        tags: ['federation'],
        summary: 'Block a remote account (kind actor, its URI) or a whole server (kind domain); their follows end',
        body: remoteBlockSchema,
        response: { 200: remoteBlockListSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await ctx.db.transaction((tx) => blockRemote(tx, viewer.id, request.body.kind, request.body.target));
      void ctx.federation?.worker?.kick();
      return { items: await remoteBlockList(ctx.db, viewer.id) };
    },
  );

  app.delete(
    '/api/me/remote-blocks',
    {
      schema: { tags: ['federation'], summary: 'Unblock a remote account or server', querystring: remoteBlockSchema, response: { 200: remoteBlockListSchema } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await unblockRemote(ctx.db, viewer.id, request.query.kind, request.query.target);
      return { items: await remoteBlockList(ctx.db, viewer.id) };
    },
  );
}
