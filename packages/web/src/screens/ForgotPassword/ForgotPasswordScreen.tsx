import { PlainLayout } from '../../app/AppShell';
import { ForgotPasswordForm } from '../../features/account/ForgotPasswordForm';
import { t, useDocumentTitle } from '../../i18n';
import styles from '../Auth.module.css';

export function ForgotPasswordScreen() {
  useDocumentTitle(t('titles.forgotPassword'));
  return (
    <PlainLayout>
      <div className={styles.form}>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <ForgotPasswordForm titleClassName={styles.title} />
      </div>
    </PlainLayout>
  );
}
