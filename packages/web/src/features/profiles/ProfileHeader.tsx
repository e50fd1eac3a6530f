import { useState, type ReactNode } from 'react';
import { ArrowRightLeft, BadgeCheck, Link as LinkIcon } from 'lucide-react';
import { isHttpUrl, type Profile } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { isDefaultAvatar } from '../../components/defaultPicture';
import { Modal } from '../../components/Modal';
import { FollowListModal } from './FollowListModal';
import styles from './ProfileHeader.module.css';
import { Cover } from '../../components/Cover';
import { formatNumber, t } from '../../i18n';

type ProfileData = { user: Profile['user']; counts: Profile['counts'] | null };

/**
 * Cover, avatar (tap to zoom), name, badge, @username, bio, website and the four counters,
 * shared by the own and the public profile. Followings and Followers open their lists.
 */
export function ProfileHeader({
  profile,
  coverStart,
  coverEnd,
  actions,
}: {
  profile: ProfileData;
  coverStart?: ReactNode;
  coverEnd?: ReactNode;
  actions?: ReactNode;
}) {
  const { user, counts } = profile;
  const [zoomed, setZoomed] = useState(false);
  const [list, setList] = useState<'followers' | 'following' | null>(null);

  return (
    <>
      <Cover url={user.coverURL} className={styles.cover} testId="profile-cover">
        <div className={styles.coverBar}>
          <div className={styles.group}>{coverStart}</div>
          <div className={styles.group}>{coverEnd}</div>
        </div>
      </Cover>
      <div className={styles.identity}>
        <div className={styles.avatarRow}>
          {/* named by its picture (alt text or the initials' label), not by an aria-label: the
              initials on screen would not be part of a name given to the button */}
          <button type="button" className={styles.avatarButton} onClick={() => setZoomed(true)}>
            <Avatar src={user.photoURL} name={t('viewProfilePicture', { fullname: user.fullname })} initialsFrom={user.fullname} seed={user.id} size={96} />
          </button>
          <div className={styles.actions}>{actions}</div>
        </div>
        <h1 className={styles.name}>
          {user.fullname}
          {user.badge && (
            <BadgeCheck className={styles.badge} size={22} role="img" aria-label={t('popularUser')}>
              <title>{t('popularUser')}</title>
            </BadgeCheck>
          )}
        </h1>
        <p className={`muted ${styles.username}`}>@{user.username}</p>
        {user.movedTo && (
          <p className={styles.moved} role="note">
            <ArrowRightLeft size={16} aria-hidden /> {t('movedTo', { handle: user.movedTo })}
          </p>
        )}
        {user.bio && <p className={styles.bio}>{user.bio}</p>}
        {user.website && isHttpUrl(user.website) && (
          <a className={styles.website} href={user.website} target="_blank" rel="noopener noreferrer">
            <LinkIcon size={16} aria-hidden />
            {user.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </a>
        )}
      </div>
      <div className={`card ${styles.counters}`} role="group" aria-label={t('counters')}>
        {counts ? (
          <>
            <Counter value={counts.answers} label={t('answers')} />
            <Counter value={counts.followings} label={t('followings')} onClick={() => setList('following')} />
            <Counter value={counts.followers} label={t('followers')} onClick={() => setList('followers')} />
            <Counter value={counts.likes} label={t('likes')} />
          </>
        ) : (
          <BlankCounters />
        )}
      </div>
      {zoomed && (
        <Modal title={user.fullname} onClose={() => setZoomed(false)}>
          {isDefaultAvatar(user.photoURL) ? (
            <div style={{ display: 'flex', justifyContent: 'center' }}>
              <Avatar src={null} name={t('profilePictureOf', { fullname: user.fullname })} initialsFrom={user.fullname} seed={user.id} size={240} />
            </div>
          ) : (
            <img className={styles.zoom} src={user.photoURL} alt={t('profilePictureOf', { fullname: user.fullname })} />
          )}
        </Modal>
      )}
      {list && <FollowListModal username={user.username} direction={list} onClose={() => setList(null)} />}
    </>
  );
}

/**
 * The header's room while a profile loads: the same cover (the default one of this username), a
 * blank avatar and name, the @username already known and blank counters, so the screen below does
 * not jump when the profile arrives.
 */
export function ProfileHeaderLoading({ username, coverStart }: { username: string; coverStart?: ReactNode }) {
  return (
    <>
      <Cover url={null} className={styles.cover}>
        <div className={styles.coverBar}>
          <div className={styles.group}>{coverStart}</div>
        </div>
      </Cover>
      <div className={styles.identity} aria-hidden>
        <div className={styles.avatarRow}>
          <span className={styles.avatarButton}>
            <span className={styles.avatarBlank} />
          </span>
        </div>
        <p className={styles.name}>{'\u00a0'}</p>
        <p className={`muted ${styles.username}`}>@{username}</p>
      </div>
      <div className={`card ${styles.counters}`} aria-hidden>
        <BlankCounters announce={false} />
      </div>
    </>
  );
}

/** The four counters' cells with their labels and blank numbers, so nothing below moves when the numbers come. */
function BlankCounters({ announce = true }: { announce?: boolean }) {
  return (
    <>
      {[t('answers'), t('followings'), t('followers'), t('likes')].map((label) => (
        <div key={label} className={styles.counter} aria-hidden>
          <span className={styles.counterValue}>{'\u00a0'}</span> <span className={styles.counterLabel}>{label}</span>
        </div>
      ))}
      {announce && (
        <span className="visually-hidden" role="status">
          {t('loadingCounters')}
        </span>
      )}
    </>
  );
}

function Counter({ value, label, onClick }: { value: number; label: string; onClick?: () => void }) {
  // the name is the visible text ('3 Followers'): no aria-label that says it differently
  const content = (
    <>
      <span className={styles.counterValue}>{formatNumber(value)}</span> <span className={styles.counterLabel}>{label}</span>
    </>
  );
  if (!onClick) return <div className={styles.counter}>{content}</div>;
  return (
    <button type="button" className={styles.counter} onClick={onClick}>
      {content}
    </button>
  );
}
