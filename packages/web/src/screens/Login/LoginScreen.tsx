import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { PlainLayout } from '../../app/AppShell';
import { ErrorBox } from '../../components/ErrorBox';
import { EmailField } from '../../components/EmailField';
import { PasswordField } from '../../components/PasswordField';
import { ApiError, errorMessage } from '../../api/client';
import { AppealForm } from '../../features/moderation/AppealForm';
import { useLogin } from '../../features/session/api';
import { ForgotPasswordLink, LoginNotice } from '../../features/account/LoginExtras';
import { SecondFactorForm } from '../../features/twoFactor/SecondFactorForm';
import { PasskeySignInButton } from '../../features/passkeys/PasskeySignInButton';
import styles from '../Auth.module.css';
import { t, useDocumentTitle } from '../../i18n';

export function LoginScreen() {
  useDocumentTitle(t('titles.login'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // a suspended person, told why, may appeal once
  const [suspended, setSuspended] = useState(false);
  const [secondFactorToken, setSecondFactorToken] = useState<string | null>(null);
  const login = useLogin();
  // e.g. 'Your password has been changed…' after a reset
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setSuspended(false);
    login.mutate(
      { email, password },
      // the server never says which of the two was wrong
      {
        // two-factor sign-in: the code step next, in place of this form
        onSuccess: (result) => {
          if ('secondFactor' in result) setSecondFactorToken(result.secondFactor.token);
        },
        onError: (e) => {
          setError(errorMessage(e));
          setSuspended(e instanceof ApiError && e.code.startsWith('account_suspended'));
        },
      },
    );
  };

  if (secondFactorToken) {
    return (
      <PlainLayout>
        <SecondFactorForm
          token={secondFactorToken}
          className={styles.form}
          header={
            <>
              <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
              <h1 className={styles.title}>{t('secondFactor.title')}</h1>
            </>
          }
          onStartOver={(reason) => {
            setSecondFactorToken(null);
            setPassword('');
            setError(reason ?? null);
          }}
        />
      </PlainLayout>
    );
  }

  return (
    <PlainLayout>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <h1 className={styles.title}>{t('loginTitle')}</h1>
        {notice && !error && <LoginNotice>{notice}</LoginNotice>}
        {error && <ErrorBox>{error}</ErrorBox>}
        <EmailField label={t('emailLabel')} value={email} onChange={setEmail} />
        <PasswordField label={t('passwordLabel')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <ForgotPasswordLink />
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? t('loggingIn') : t('logIn')}
        </button>
        <PasskeySignInButton onError={setError} />
        {suspended && <AppealForm email={email} password={password} />}
        <p className={styles.switch}>
          {t('newHere')} <Link to="/signup">{t('signUpHere')}</Link>
        </p>
      </form>
    </PlainLayout>
  );
}
