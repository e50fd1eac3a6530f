import { PlainLayout } from '../../app/AppShell';
import { UnsubscribeConfirm } from '../../features/account/UnsubscribeConfirm';
import { t, useDocumentTitle } from '../../i18n';
import styles from '../Auth.module.css';

export function UnsubscribeScreen() {
  useDocumentTitle(t('titles.unsubscribe'));
  return (
    <PlainLayout>
      <div className={styles.form}>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <UnsubscribeConfirm titleClassName={styles.title} />
      </div>
    </PlainLayout>
  );
}
