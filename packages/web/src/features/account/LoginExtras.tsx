import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './Account.module.css';
import { t } from '../../i18n';

/** /login's way to /forgot-password. */
export function ForgotPasswordLink() {
  return (
    <p className={styles.forgot}>
      <Link to="/forgot-password">{t('selfService.forgotPassword')}</Link>
    </p>
  );
}

/** A good-news message at the top of /login (after a password reset). */
export function LoginNotice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} role="status">
      {children}
    </p>
  );
}
