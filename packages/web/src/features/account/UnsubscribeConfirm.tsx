import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox';
import { errorMessage } from '../../api/client';
import { useUnsubscribe } from './api';
import styles from './Account.module.css';
import { t } from '../../i18n';

/**
 * /unsubscribe?token=…: the footer link of every notification email. Opening it changes nothing
 * (link scanners open links too); the button does, signed in or not (decision 128).
 */
export function UnsubscribeConfirm({ titleClassName }: { titleClassName?: string }) {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const unsubscribe = useUnsubscribe();

  return (
    <div>
      <h1 className={titleClassName}>{t('selfService.unsubscribeTitle')}</h1>
      {unsubscribe.isSuccess ? (
        <p className={styles.notice} role="status">
          {t('selfService.unsubscribed')}
        </p>
      ) : (
        <>
          <p className={styles.intro}>{t('selfService.unsubscribeIntro')}</p>
          {!token && <ErrorBox>{t('errors.unsubscribe_link_invalid')}</ErrorBox>}
          {unsubscribe.isError && <ErrorBox>{errorMessage(unsubscribe.error)}</ErrorBox>}
          <button type="button" className="btn btn-primary btn-block" disabled={unsubscribe.isPending || !token} onClick={() => unsubscribe.mutate(token)}>
            {unsubscribe.isPending ? t('selfService.unsubscribing') : t('selfService.unsubscribe')}
          </button>
        </>
      )}
      <p className={styles.links}>
        <Link to="/">{t('selfService.openAskbox')}</Link>
      </p>
    </div>
  );
}
