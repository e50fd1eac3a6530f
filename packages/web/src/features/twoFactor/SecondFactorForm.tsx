import { useEffect, useRef, useState } from 'react';

import { ErrorBox } from '../../components/ErrorBox';
import { CodeField } from './CodeField';
import { ApiError, errorMessage } from '../../api/client';
import { useSecondFactorLogin } from '../session/api';
import { PasskeySignInButton } from '../passkeys/PasskeySignInButton';
import { t } from '../../i18n';

/**
 * The log-in's code step (two-factor sign-in): after a right password, a code from the
 * authenticator app or a recovery code. A code step that ran out of time goes back to the password.
 */
export function SecondFactorForm({
  token,
  onStartOver,
  className,
  header,
}: {
  token: string;
  /** back to the password: asked for, or because the step ran out of time (`reason` says so) */
  onStartOver(reason?: string): void;
  className?: string;
  /** the screen's logo and title */
  header: React.ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useSecondFactorLogin();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    verify.mutate(
      { token, code },
      {
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'two_factor_login_expired') return onStartOver(errorMessage(e));
          setError(errorMessage(e));
          setCode('');
        },
      },
    );
  };

  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      {header}
      <p className="hint">{t('secondFactor.intro')}</p>
      {error && <ErrorBox>{error}</ErrorBox>}
      <CodeField label={t('secondFactor.codeLabel')} value={code} onChange={setCode} inputRef={input} />
      <button type="submit" className="btn btn-primary btn-block" disabled={verify.isPending || code.trim() === ''}>
        {verify.isPending ? t('secondFactor.verifying') : t('secondFactor.verify')}
      </button>
      <PasskeySignInButton token={token} onError={setError} />
      <button type="button" className="btn btn-secondary btn-block" onClick={() => onStartOver()}>
        {t('secondFactor.startOver')}
      </button>
    </form>
  );
}
