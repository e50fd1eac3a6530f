import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserSummary } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import styles from './UserRow.module.css';

/** A person in a list: avatar, name and @username linking to their profile, and an optional action. */
export function UserRow({ user, action, onNavigate }: { user: UserSummary; action?: ReactNode; onNavigate?: () => void }) {
  return (
    <div className={styles.row}>
      <Link to={`/u/${user.username}`} className={styles.link} onClick={onNavigate}>
        <Avatar src={user.photoURL} name={user.fullname} seed={user.id} size={44} />
        <span className={styles.names}>
          <span className={styles.fullname}>{user.fullname}</span>
          <span className={styles.username}>@{user.username}</span>
        </span>
      </Link>
      {action}
    </div>
  );
}
