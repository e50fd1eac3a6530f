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
  answer,
  showReceiver,
  onDelete,
  onTogglePin,
  pinnedCopy = false,
  arriving = false,
}: {
  answer: Answer;
  showReceiver: boolean;
  onDelete?: () => void;
  /** the owner's 'Pin to profile' / 'Unpin' */
  onTogglePin?: () => void;
  /** the copy shown among the pinned answers: the list below holds the one with the #post-{id} anchor */
  pinnedCopy?: boolean;
  /** a new answer the reader just asked for ('New answers'): it slides in */
  arriving?: boolean;
}) {
  const when = answer.answeredAt ?? answer.createdAt;
  // the answer's own page (/u/{username}/answers/{id}, or #post-{id}) opens its replies
  const { answerId } = useParams();
  const { hash } = useLocation();
  const [repliesOpen, setRepliesOpen] = useState(!pinnedCopy && (answerId === answer.id || hash === `#post-${answer.id}`));
  const threadId = useId();
  const share = useShareAnswer({ id: answer.id, username: answer.receiver.username, fullname: answer.receiver.fullname, isPublic: answer.publicProfile });
  const report = useReportDialog('answer', answer.id);
  // the secondary actions in one '…' menu: Share (any public answer, and your own), Report (others'), Delete (yours)
  const actions: MenuAction[] = [
    ...(answer.publicProfile || onDelete ? [{ label: t('shareAnswer'), onSelect: () => void share.start() }] : []),
    ...(onTogglePin ? [{ label: answer.pinned ? t('unpinAnswer') : t('pinAnswer'), onSelect: onTogglePin }] : []),
    ...(onDelete ? [{ label: t('deleteAnswer'), onSelect: onDelete, danger: true }] : [{ label: report.label, onSelect: report.open }]),
  ];
  return (
    <article
      id={pinnedCopy ? undefined : `post-${answer.id}`}
      className={`card ${styles.answerCard} ${arriving ? styles.arriving : ''}`}
      aria-label={t('answerBy', { username: answer.receiver.username })}
    >
      {showReceiver && (
        <Link to={`/u/${answer.receiver.username}`} className={styles.receiver}>
          <Avatar src={answer.receiver.photoURL} name={answer.receiver.fullname} seed={answer.receiver.id} size={36} />
          <span>
            <strong>{answer.receiver.fullname}</strong> <span className={`muted ${styles.handle}`}>@{answer.receiver.username}</span>
          </span>
        </Link>
      )}
      <div className={`${styles.question} ${answer.isAnonymous ? styles.anonymous : ''}`} style={questionTint(answer)}>
        <p className={styles.from}>
          {answer.sender ? (
            <Link to={`/u/${answer.sender.username}`}>
              {answer.sender.fullname} <span className={`muted ${styles.handle}`}>@{answer.sender.username}</span>
            </Link>
          ) : answer.remoteSender ? (
            // someone on another server whose post was public: name and handle as text (no link, no picture: decision 300)
            <span>
              {answer.remoteSender.name && `${answer.remoteSender.name} `}
              <span className={`muted ${styles.handle}`}>{answer.remoteSender.handle}</span>
              <span className="visually-hidden"> {t('remoteAsker')}</span>
            </span>
          ) : answer.isAnonymous ? (
            <span className={`muted ${styles.masked}`}>{t('anonymous')}</span>
          ) : null}
        </p>
        <p className={styles.text}>
          <MentionText text={answer.text} />
        </p>
      </div>
      <ContentWarning warning={answer.contentWarning}>
        <p className={styles.answer}>
          <MentionText text={answer.answer} />
        </p>
        {answer.picture && <AnswerPictureView picture={answer.picture} />}
      </ContentWarning>
      <footer className={styles.footer}>
        <time dateTime={when} className="muted">
          {relativeTimeText(when)}
        </time>
        <span className={styles.actions}>
          <ActionsMenu actions={actions} />
          {answer.boostCount > 0 && (
            <span className={`muted ${styles.boosts}`} role="img" aria-label={t('boostsFromFediverse', { count: answer.boostCount })}>
              <Repeat2 size={18} aria-hidden />
              <span aria-hidden>{answer.boostCount}</span>
            </span>
          )}
          <RepliesButton answer={answer} open={repliesOpen} controls={threadId} onToggle={() => setRepliesOpen((open) => !open)} />
          <LikeButton answer={answer} />
        </span>
        {share.sheet}
        {report.dialog}
      </footer>
      {repliesOpen && (
        <Suspense fallback={null}>
          <ReplyThread answer={answer} id={threadId} />
        </Suspense>
      )}
    </article>
  );
}
