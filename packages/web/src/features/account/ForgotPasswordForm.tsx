import { useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@askbox/common';
import { ErrorBox } from '../../components/ErrorBox';
import { EmailField } from '../../components/EmailField';
import { errorMessage } from '../../api/client';
import { useRequestPasswordReset } from './api';
import { useAppConfig } from '../session/api';
import { useBackgroundChallenge } from '../challenge/api';
import styles from './Account.module.css';
import { t } from '../../i18n';

/** The language the email should be in when the address has no account language yet: the browser's. */
const browserLocale = (): Locale | undefined => {
  const language = navigator.language.slice(0, 2).toLowerCase();
  return language === 'fr' || language === 'en' ? language : undefined;
};

/**
 * /forgot-password: asks for the address and always answers the same (decision 126), so the
 * screen never tells whether an address has an account.
 */
export function ForgotPasswordForm({ titleClassName }: { titleClassName?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  // SIGNUP_CHALLENGE=on: solved while the address is typed (decision 282)
  const takeChallenge = useBackgroundChallenge('password_reset', useAppConfig().data?.signup.challenge ?? false);
  const [solving, setSolving] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const locale = browserLocale();
    setSolving(true);
    const challenge = await takeChallenge().catch(() => undefined);
    setSolving(false);
    request.mutate({ email: email.trim(), ...(locale ? { locale } : {}), ...(challenge ? { challenge } : {}) }, { onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1 className={titleClassName}>{t('selfService.forgotTitle')}</h1>
      {request.isSuccess ? (
        <p className={styles.notice} role="status">
          {t('selfService.linkSent')}
        </p>
      ) : (
        <>
          <p className={styles.intro}>{t('selfService.forgotIntro')}</p>
          {error && <ErrorBox>{error}</ErrorBox>}
          <EmailField label={t('selfService.email')} value={email} onChange={setEmail} />
          <button type="submit" className="btn btn-primary btn-block" disabled={request.isPending || solving || email.trim() === ''}>
            {request.isPending || solving ? t('selfService.sendingLink') : t('selfService.sendLink')}
          </button>
        </>
      )}
      <p className={styles.links}>
        <Link to="/login">{t('selfService.backToLogin')}</Link>
      </p>
    </form>
  );
}
