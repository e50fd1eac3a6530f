import { useEffect } from 'react';
import { Link } from 'react-router';
import { PlainLayout } from '../../app/AppShell';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../api/client';
import { useConfirmAddress } from '../../features/instanceAccess/api';
import { useMe } from '../../features/session/api';
import styles from '../Auth.module.css';
import { t, translateError, useDocumentTitle } from '../../i18n';

/** /verify-email#token=…: the link from the confirmation email (the token rides in the fragment, never in a log). */
export function VerifyEmailScreen() {
  useDocumentTitle(t('instanceAccess.verifying'));
  const confirm = useConfirmAddress();
  const { data: me } = useMe();
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <PlainLayout>
      <div className={styles.form}>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        {!token ? (
          <ErrorBox>{translateError({ code: 'verification_link_invalid' })}</ErrorBox>
        ) : confirm.isError ? (
          <ErrorBox>{errorMessage(confirm.error)}</ErrorBox>
        ) : confirm.isSuccess ? (
          <>
            <h1 className={styles.title}>{t('instanceAccess.verified')}</h1>
            <Link className="btn btn-primary btn-block" to={me ? '/home' : '/login'}>
              {t('instanceAccess.continue')}
            </Link>
          </>
        ) : (
          <Spinner label={t('instanceAccess.verifying')} />
        )}
      </div>
    </PlainLayout>
  );
}
