/**
 * The visibility module (decision 100): the one place that says which questions reach whose
 * inbox, counters, feed, push, email and live events, what a public profile shows outside Askbox
 * (share cards, the Atom feed, ActivityPub), and where the block rules live. Other
 * code imports this file only (lint enforces it).
 */
export {
  channelRules,
  deliveryFor,
  isNewsToReceiver,
  receiverFacts,
  receiverFactsQuery,
  receiverProfiles,
  refusalSaidBefore,
  writtenBySend,
  type Asker,
  type AskingChannel,
  type QuestionDelivery,
  type QuestionRefusal,
  type FactsQuery,
  type ReceiverFacts,
  type RefusalSaidBefore,
  type SetSend,
} from './asking.js';
export { notFromBlockedRemote, remoteActorBlocked, remoteActorNotBlocked } from './remoteBlocks.js';
export { blockStateBetween, isBlockedEitherWay, lockPair, notBlockedWith } from './blocks.js';
export { notSuspended, visibleAuthor, visibleUser } from './people.js';
export { askerBlockable, askerBlockableColumn, inInbox, receivedQuestion, receiverSeesQuestion } from './questions.js';
export {
  answerCount,
  isFromPrivateRemotePost,
  hasPublicCopySql,
  isPublicProfile,
  publicAnswer,
  publicAnswersPage,
  publicAnswerWithOwner,
  publicUserById,
  publicUserByUsername,
  shownRemoteAskerJoin,
  type PublicAnswer,
  type RemoteAsker,
} from './public.js';
export { visitorReceiverByUsername } from './visitors.js';
export { repliesOpen, repliesToldTo, replyHasMutedWord, replyRecipients, replyShownTo, shownReplyCount } from './replies.js';
export { publicReply, type PublicReply } from './publicReplies.js';
