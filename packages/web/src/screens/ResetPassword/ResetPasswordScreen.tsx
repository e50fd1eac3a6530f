import { PlainLayout } from '../../app/AppShell';
import { ResetPasswordForm } from '../../features/account/ResetPasswordForm';
import styles from '../Auth.module.css';

export function ResetPasswordScreen() {
  return (
    <PlainLayout>
      <div className={styles.form}>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <ResetPasswordForm titleClassName={styles.title} />
      </div>
    </PlainLayout>
  );
}
