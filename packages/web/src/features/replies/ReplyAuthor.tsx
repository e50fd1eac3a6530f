import { Link } from 'react-router';
import type { Reply } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { t } from '../../i18n';
import styles from './Replies.module.css';

/** How a reply's author is named in labels: `username`, or `user@host` for someone on another server (decision 370). */
export const replyAuthorName = (reply: Pick<Reply, 'author' | 'remoteAuthor'>) => reply.author?.username ?? reply.remoteAuthor?.handle.replace(/^@/, '') ?? '';

/**
 * A reply's author: a local account links to its profile with its picture; someone on another
 * server is named by their name and `@user@host`, with initials and never their picture (loading
 * it would tell their server who reads), as remote askers are shown.
 */
export function ReplyAuthor({ reply, avatar = true }: { reply: Pick<Reply, 'author' | 'remoteAuthor'>; avatar?: boolean }) {
  const { author, remoteAuthor } = reply;
  if (author) {
    const name = (
      <>
        <strong>{author.fullname}</strong> <span className="muted">@{author.username}</span>
      </>
    );
    if (!avatar) return name;
    return (
      <Link to={`/u/${author.username}`} className={styles.author}>
        <Avatar src={author.photoURL} name={author.fullname} seed={author.username} size={28} />
        {name}
      </Link>
    );
  }
  if (!remoteAuthor) return null;
  return (
    <span className={avatar ? styles.author : undefined}>
      {avatar && <Avatar src="" name={remoteAuthor.name || remoteAuthor.handle} seed={remoteAuthor.handle} size={28} />}
      {remoteAuthor.name && <strong>{remoteAuthor.name}</strong>} <span className="muted">{remoteAuthor.handle}</span>
      <span className="visually-hidden"> {t('remoteAsker')}</span>
    </span>
  );
}
