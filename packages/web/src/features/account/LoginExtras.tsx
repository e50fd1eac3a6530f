import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { accountTexts as texts } from './texts';
import styles from './Account.module.css';

/** /login's way to /forgot-password. */
export function ForgotPasswordLink() {
  return (
    <p className={styles.forgot}>
      <Link to="/forgot-password">{texts.forgotPassword}</Link>
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
