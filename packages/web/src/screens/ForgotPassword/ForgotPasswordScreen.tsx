import { PlainLayout } from '../../app/AppShell';
import { ForgotPasswordForm } from '../../features/account/ForgotPasswordForm';
import styles from '../Auth.module.css';

export function ForgotPasswordScreen() {
  return (
    <PlainLayout>
      <div className={styles.form}>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <ForgotPasswordForm titleClassName={styles.title} />
      </div>
    </PlainLayout>
  );
}
