import type { ServerContext } from '../context.js';
import type { AppInstance } from '../http/types.js';
import { accountRoutes } from '../features/account/routes.js';
import { archiveRoutes } from '../features/archive/routes.js';
import { movingRoutes } from '../features/moving/routes.js';
import { adminRoutes } from '../features/admin/routes.js';
import { fediverseBlockRoutes } from '../features/fediverseBlocks/routes.js';
import { answersRoutes } from '../features/answers/routes.js';
import { answerExtrasRoutes } from '../features/answerExtras/routes.js';
import { authRoutes, sessionRoutes } from '../features/auth/routes.js';
import { challengeRoutes } from '../features/challenge/routes.js';
import { twoFactorRoutes } from '../features/twoFactor/routes.js';
import { passkeyRoutes } from '../features/passkeys/routes.js';
import { instanceAccessRoutes } from '../features/instanceAccess/routes.js';
import { blockRoutes } from '../features/blocks/routes.js';
import { feedRoutes } from '../features/feed/routes.js';
import { followRoutes } from '../features/follows/routes.js';
import { friendRoutes } from '../features/friends/routes.js';
import { likesRoutes } from '../features/likes/routes.js';
import { repliesRoutes } from '../features/replies/routes.js';
import { moderationRoutes } from '../features/moderation/routes.js';
import { instanceRoutes } from '../features/instance/routes.js';
import { promptRoutes } from '../features/prompts/routes.js';
import { mutedWordsRoutes } from '../features/mutedWords/routes.js';
import { filteredRoutes } from '../features/filtered/routes.js';
import { notificationRoutes } from '../features/notifications/routes.js';
import { profileRoutes } from '../features/profiles/routes.js';
import { questionsRoutes } from '../features/questions/routes.js';
import { followerQuestionRoutes } from '../features/followerQuestions/routes.js';
import { settingsRoutes } from '../features/settings/routes.js';
import { sharingRoutes } from '../features/sharing/routes.js';
import { cardsRoutes } from '../features/cards/routes.js';
import { visitorRoutes } from '../features/visitors/routes.js';
import { emailRoutes } from '../email/routes.js';
import { federationRoutes } from '../federation/routes.js';
import { pushRoutes } from '../push/routes.js';
import { liveRoutes } from '../realtime/routes.js';
import { mediaRoutes } from '../storage/routes.js';

type Routes = (app: AppInstance, ctx: ServerContext) => Promise<void>;

/** Every route of the app, one entry per feature or channel, in the order they register; reads like the product. */
export const routes: readonly Routes[] = [
  authRoutes,
  sessionRoutes,
  twoFactorRoutes,
  passkeyRoutes,
  challengeRoutes,
  instanceAccessRoutes,
  notificationRoutes,
  liveRoutes,
  pushRoutes,
  followRoutes,
  blockRoutes,
  mutedWordsRoutes,
  filteredRoutes,
  profileRoutes,
  friendRoutes,
  mediaRoutes,
  questionsRoutes,
  visitorRoutes,
  followerQuestionRoutes,
  answersRoutes,
  answerExtrasRoutes,
  likesRoutes,
  repliesRoutes,
  feedRoutes,
  adminRoutes,
  settingsRoutes,
  accountRoutes,
  archiveRoutes,
  emailRoutes,
  sharingRoutes,
  cardsRoutes,
  moderationRoutes,
  instanceRoutes,
  promptRoutes,
  // remote followers and blocks: only with ActivityPub on
  async (app, ctx) => {
    if (ctx.federation) await federationRoutes(app, ctx);
    if (ctx.federation) await movingRoutes(app, ctx);
  },
  // the operator's blocks of remote servers: kept whatever FEDERATION says, so turning it on again finds them
  fediverseBlockRoutes,
];

export async function registerRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  for (const register of routes) await register(app, ctx);
}
