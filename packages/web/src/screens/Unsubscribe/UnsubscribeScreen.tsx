import { PlainLayout } from '../../app/AppShell';
import { UnsubscribeConfirm } from '../../features/account/UnsubscribeConfirm';
import styles from '../Auth.module.css';

export function UnsubscribeScreen() {
  return (
    <PlainLayout>
      <div className={styles.form}>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <UnsubscribeConfirm titleClassName={styles.title} />
      </div>
    </PlainLayout>
  );
}
