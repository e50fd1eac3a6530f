import type { ReactNode } from 'react';
import type { UserSummary } from '@askbox/common';
import { UserRow } from './UserRow';
import styles from './UserRow.module.css';

/** People in a list (followers, search results, blocked users): one row each, an optional action. */
export function UserList<User extends UserSummary>({
  users,
  label,
  action,
  onNavigate,
  className = '',
}: {
  users: User[];
  label?: string;
  action?: (user: User) => ReactNode;
  onNavigate?: () => void;
  className?: string;
}) {
  return (
    <ul className={`${styles.list} ${className}`} aria-label={label}>
      {users.map((user) => (
        <li key={user.id}>
          <UserRow user={user} action={action?.(user)} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}
