import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Repeat2 } from 'lucide-react';
import { type Answer } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { LikeButton } from '../likes/LikeButton';
import { RepliesButton } from '../replies/RepliesButton';
import { useReportDialog } from '../moderation/ReportButton';
import { ActionsMenu, type MenuAction } from '../../components/ActionsMenu';
import { useShareAnswer } from '../sharing/ShareAnswerFlow';
import { MentionText } from './MentionText';
import { ContentWarning } from '../answerExtras/ContentWarning';
import { AnswerPictureView } from '../answerExtras/AnswerPictureView';
import { questionTint } from '../../components/questionHue';
import styles from './AnswerCard.module.css';
import { relativeTimeText, t } from '../../i18n';

// the thread's code loads when a thread opens: a feed's first screen shows only the counts
const ReplyThread = lazy(() => import('../replies/ReplyThread').then((module) => ({ default: module.ReplyThread })));

/**
 * One answered question (feed and profiles), with its #post-{id} anchor. Its '…' menu has Share on
 * every answer of a public profile, and on the viewer's own answers (`onDelete` given) whatever
 * their profile: a private profile's owner may still download the image; Pin for its owner.
 */
export function AnswerCard({
  post,
  showReceiver,
  onDelete,
  onTogglePin,
  pinnedCopy = false,
  arriving = false,
}: {
  post: Answer;
  showReceiver: boolean;
  onDelete?: () => void;
  /** the owner's 'Pin to profile' / 'Unpin' */
  onTogglePin?: () => void;
  /** the copy shown among the pinned answers: the list below holds the one with the #post-{id} anchor */
  pinnedCopy?: boolean;
  /** a new answer the reader just asked for ('New answers'): it slides in */
  arriving?: boolean;
}) {
  const when = post.answeredAt ?? post.createdAt;
  // the answer's own page (/u/{username}/answers/{id}, or #post-{id}) opens its replies
  const { answerId } = useParams();
  const { hash } = useLocation();
  const [repliesOpen, setRepliesOpen] = useState(!pinnedCopy && (answerId === post.id || hash === `#post-${post.id}`));
  const threadId = useId();
  const share = useShareAnswer({ id: post.id, username: post.receiver.username, fullname: post.receiver.fullname, isPublic: post.publicProfile });
  const report = useReportDialog('answer', post.id);
  // the secondary actions in one '…' menu: Share (any public answer, and your own), Report (others'), Delete (yours)
  const actions: MenuAction[] = [
    ...(post.publicProfile || onDelete ? [{ label: t('shareAnswer'), onSelect: () => void share.start() }] : []),
    ...(onTogglePin ? [{ label: post.pinned ? t('unpinAnswer') : t('pinAnswer'), onSelect: onTogglePin }] : []),
    ...(onDelete ? [{ label: t('deleteAnswer'), onSelect: onDelete, danger: true }] : [{ label: report.label, onSelect: report.open }]),
  ];
  return (
    <article
      id={pinnedCopy ? undefined : `post-${post.id}`}
      className={`card ${styles.post} ${arriving ? styles.arriving : ''}`}
      aria-label={t('answerBy', { username: post.receiver.username })}
    >
      {showReceiver && (
        <Link to={`/u/${post.receiver.username}`} className={styles.receiver}>
          <Avatar src={post.receiver.photoURL} name={post.receiver.fullname} seed={post.receiver.id} size={36} />
          <span>
            <strong>{post.receiver.fullname}</strong> <span className={`muted ${styles.handle}`}>@{post.receiver.username}</span>
          </span>
        </Link>
      )}
      <div className={`${styles.question} ${post.isAnonymous ? styles.anonymous : ''}`} style={questionTint(post)}>
        <p className={styles.from}>
          {post.sender ? (
            <Link to={`/u/${post.sender.username}`}>
              {post.sender.fullname} <span className={`muted ${styles.handle}`}>@{post.sender.username}</span>
            </Link>
          ) : post.remoteSender ? (
            // someone on another server whose post was public: name and handle as text (no link, no picture: decision 300)
            <span>
              {post.remoteSender.name && `${post.remoteSender.name} `}
              <span className={`muted ${styles.handle}`}>{post.remoteSender.handle}</span>
              <span className="visually-hidden"> {t('remoteAsker')}</span>
            </span>
          ) : post.isAnonymous ? (
            <span className={`muted ${styles.masked}`}>{t('anonymous')}</span>
          ) : null}
        </p>
        <p className={styles.text}>
          <MentionText text={post.text} />
        </p>
      </div>
      <ContentWarning warning={post.contentWarning}>
        <p className={styles.answer}>
          <MentionText text={post.answer} />
        </p>
        {post.picture && <AnswerPictureView picture={post.picture} />}
      </ContentWarning>
      <footer className={styles.footer}>
        <time dateTime={when} className="muted">
          {relativeTimeText(when)}
        </time>
        <span className={styles.actions}>
          <ActionsMenu actions={actions} />
          {post.boostCount > 0 && (
            <span className={`muted ${styles.boosts}`} role="img" aria-label={t('boostsFromFediverse', { count: post.boostCount })}>
              <Repeat2 size={18} aria-hidden />
              <span aria-hidden>{post.boostCount}</span>
            </span>
          )}
          <RepliesButton post={post} open={repliesOpen} controls={threadId} onToggle={() => setRepliesOpen((open) => !open)} />
          <LikeButton post={post} />
        </span>
        {share.sheet}
        {report.dialog}
      </footer>
      {repliesOpen && (
        <Suspense fallback={null}>
          <ReplyThread post={post} id={threadId} />
        </Suspense>
      )}
    </article>
  );
}
