import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox';
import { ApiError, errorMessage } from '../../api/client';
import { useResetPassword } from './api';
import styles from './Account.module.css';
import { t } from '../../i18n';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

/**
 * The token of a reset link: the emails put it in the fragment (`#token=`, never sent to a server
 * nor kept in access logs); `?token=` works too. Only read here: a render React throws away and
 * starts again must still find it (the form takes it out of the address bar once on screen).
 */
function tokenInAddress(): string {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const fromQuery = new URLSearchParams(window.location.search).get('token');
  return fromHash ?? fromQuery ?? '';
}

/** /reset-password: choose a new password with the link's token, then log in with it. */
export function ResetPasswordForm({ titleClassName }: { titleClassName?: string }) {
  const [token] = useState(tokenInAddress);
  // out of the address bar (and the history) once the form is on screen
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [token]);
  const newPassword = useNewPassword();
  const [error, setError] = useState<{ text: string; linkDead: boolean } | null>(null);
  const reset = useResetPassword();
  const navigate = useNavigate();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (newPassword.mismatch) return setError({ text: t('errors.passwords_mismatch'), linkDead: false });
    reset.mutate(
      { token, password: newPassword.password, repeatPassword: newPassword.repeatPassword },
      {
        onSuccess: () => void navigate('/login', { replace: true, state: { notice: t('selfService.passwordReset') } }),
        onError: (e) => setError({ text: errorMessage(e), linkDead: e instanceof ApiError && e.code === 'reset_link_invalid' }),
      },
    );
  };

  if (!token) {
    return (
      <div>
        <h1 className={titleClassName}>{t('selfService.resetTitle')}</h1>
        <ErrorBox>{t('selfService.resetMissingToken')}</ErrorBox>
        <p className={styles.links}>
          <Link to="/forgot-password">{t('selfService.askNewLink')}</Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <h1 className={titleClassName}>{t('selfService.resetTitle')}</h1>
      {error && (
        <ErrorBox>
          {error.text}
          {error.linkDead && (
            <>
              {' '}
              <Link to="/forgot-password">{t('selfService.askNewLink')}</Link>
            </>
          )}
        </ErrorBox>
      )}
      <NewPasswordFields value={newPassword} />
      <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
        {reset.isPending ? t('selfService.saving') : t('selfService.setPassword')}
      </button>
      <p className={styles.links}>
        <Link to="/login">{t('selfService.backToLogin')}</Link>
      </p>
    </form>
  );
}
