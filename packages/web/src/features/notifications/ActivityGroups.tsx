import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, Heart, UserPlus, MessageCircle } from 'lucide-react';
import type { ActivityGroup } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { AnswerGlimpse } from '../answerExtras/AnswerGlimpse';
import { Spinner } from '../../components/Spinner';
import { UserList } from '../profiles/UserList';
import { useActivityGroupPeople } from './api';
import { relativeTimeText, t } from '../../i18n';
import styles from './Notifications.module.css';

/** 'Chloé', 'Chloé and Marc', 'Chloé and 9 others' */
function whoDidIt(first: string, count: number, second?: string): string {
  if (count === 1) return first;
  if (count === 2 && second) return t('groupTwoPeople', { first, second });
  return t('groupOthers', { first, count: count - 1 });
}

/** The answer's first 60 characters, in the language's quotes: “…” in English, « … » in French; its warning instead when it has one. */
const cut = (text: string) => (text.length > 60 ? t('punctuation.truncated', { text: text.slice(0, 60) }) : text);
const quote = (answer: { answer: string; contentWarning: string | null }) => (
  <AnswerGlimpse answer={answer} quote={(text) => t('punctuation.quoted', { text: cut(text) })} cut={cut} />
);

/** The Activity tab: one row per answer and day ('Chloé and 9 others liked your answer'), newest first. */
export function ActivityGroups({ groups }: { groups: ActivityGroup[] }) {
  if (groups.length === 0) return <EmptyState title={t('noNotifications')} art="activity" />;
  return (
    <ul className={styles.list} aria-label={t('activity')}>
      {groups.map((group) => (
        <li key={group.id}>
          <GroupRow group={group} />
        </li>
      ))}
    </ul>
  );
}

function GroupRow({ group }: { group: ActivityGroup }) {
  // replies from other servers alone (decision 370) read as remote likes do
  if (group.type === 'remoteLike' || group.users.length === 0) return <RemoteGroupRow group={group} />;
  return <LocalGroupRow group={group} />;
}

/**
 * Likes and replies from other servers: named as the push names them, by their handles
 * ('@bob@remote.example liked your answer'), with their display name first as for local people;
 * initials, never their picture (loading it would tell their server who looks), and no list to open.
 */
function RemoteGroupRow({ group }: { group: ActivityGroup }) {
  const [first, second] = group.remoteUsers;
  if (!first || !group.answer) return null;
  const nameOf = (person: { handle: string; name: string }) => person.name || person.handle;
  const people = { count: group.count };
  const liked = group.type === 'remoteLike' || group.type === 'like';
  const what = t(group.type === 'reply' ? 'repliedToYourAnswer' : group.type === 'threadReply' ? 'repliedInThread' : 'likedYourAnswer', people);
  const target = group.type === 'threadReply' ? `/u/${group.answer.ownerUsername}/answers/${group.answer.id}` : `/profile#post-${group.answer.id}`;
  return (
    <div className={`${styles.group} ${group.unread ? styles.unread : ''}`}>
      <Link to={target} className={styles.row} data-testid="activity-group">
        <span className={styles.avatar}>
          <Avatar src="" name={nameOf(first)} seed={first.handle} size={44} />
          <span className={`${styles.kind} ${liked ? styles.kindLike : ''}`} aria-hidden>
            {liked ? <Heart size={12} fill="currentColor" /> : <MessageCircle size={12} />}
          </span>
        </span>
        <span className={styles.text}>
          <span>
            <strong>{whoDidIt(nameOf(first), group.count, second && nameOf(second))}</strong>{' '}
            {group.count === 1 && first.name && <span className="muted">{first.handle} </span>}
            {t('punctuation.colon', { label: what })}
          </span>
          <span className={styles.quote}>{quote(group.answer)}</span>
          <time className={styles.time} dateTime={group.latestAt}>
            {relativeTimeText(group.latestAt)}
          </time>
        </span>
      </Link>
    </div>
  );
}

function LocalGroupRow({ group }: { group: ActivityGroup }) {
  const [open, setOpen] = useState(false);
  const peopleId = useId();
  const [first, second] = group.users;
  if (!first) return null;
  // a thread under someone else's answer opens on that answer's page
  const target = !group.answer
    ? `/u/${first.username}`
    : group.type === 'threadReply'
      ? `/u/${group.answer.ownerUsername}/answers/${group.answer.id}`
      : `/profile#post-${group.answer.id}`;
  const people = { count: group.count };
  const liked = t(group.type === 'reply' ? 'repliedToYourAnswer' : group.type === 'threadReply' ? 'repliedInThread' : 'likedYourAnswer', people);
  const what = group.type === 'follow' ? t('startedFollowingYou', people) : group.answer ? t('punctuation.colon', { label: liked }) : liked;
  return (
    <div className={`${styles.group} ${group.users.length > 1 ? styles.pairGroup : ''} ${group.unread ? styles.unread : ''}`}>
      <Link to={target} className={styles.row} data-testid="activity-group">
        <span className={styles.avatar}>
          {/* one face, or the two newest side by side (the newest in front) */}
          <span className={group.users.length > 1 ? styles.facePair : undefined}>
            {group.users.slice(0, 2).map((user) => (
              <Avatar key={user.id} src={user.photoURL} name={user.fullname} seed={user.id} size={group.users.length > 1 ? 32 : 44} />
            ))}
          </span>
          <span className={`${styles.kind} ${group.type === 'like' ? styles.kindLike : ''}`} aria-hidden>
            {group.type === 'like' ? <Heart size={12} fill="currentColor" /> : group.type === 'follow' ? <UserPlus size={12} /> : <MessageCircle size={12} />}
          </span>
        </span>
        <span className={styles.text}>
          <span>
            <strong>{whoDidIt(first.fullname, group.count, second?.fullname)}</strong> {group.count === 1 && <span className="muted">@{first.username} </span>}
            {what}
          </span>
          {group.answer && <span className={styles.quote}>{quote(group.answer)}</span>}
          <time className={styles.time} dateTime={group.latestAt}>
            {relativeTimeText(group.latestAt)}
          </time>
        </span>
      </Link>
      {group.count > 1 && (
        <>
          <button type="button" className={styles.expand} aria-expanded={open} aria-controls={peopleId} onClick={() => setOpen((o) => !o)}>
            {open ? t('groupHide') : t('groupShowAll', { count: group.count })}
            <ChevronDown size={16} aria-hidden className={open ? styles.chevronOpen : undefined} />
          </button>
          <div id={peopleId} hidden={!open}>
            {open && <GroupPeople groupId={group.id} label={whoDidIt(first.fullname, group.count, second?.fullname)} />}
          </div>
        </>
      )}
    </div>
  );
}

function GroupPeople({ groupId, label }: { groupId: string; label: string }) {
  const people = useActivityGroupPeople(groupId, true);
  if (people.isPending) return <Spinner size={20} label={t('loading')} />;
  if (people.isError) return null;
  const items = people.data.pages.flatMap((p) => p.items);
  return (
    <div className={styles.people}>
      <UserList users={items.map((p) => p.user)} label={label} />
      {people.hasNextPage && (
        <button type="button" className="btn btn-ghost btn-small" disabled={people.isFetchingNextPage} onClick={() => void people.fetchNextPage()}>
          {t('groupShowMore')}
        </button>
      )}
    </div>
  );
}
