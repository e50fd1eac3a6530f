import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@askbox/common';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordField } from '../../components/PasswordField';
import { ApiError, errorMessage } from '../../api/client';
import { useResetPassword } from './api';
import { accountTexts as texts } from './texts';
import styles from './Account.module.css';

/**
 * The token of a reset link: the emails put it in the fragment (`#token=`, never sent to a server
 * nor kept in access logs); `?token=` works too. Read once, then taken out of the address bar.
 */
function takeToken(): string {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const fromQuery = new URLSearchParams(window.location.search).get('token');
  const token = fromHash ?? fromQuery ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/** /reset-password: choose a new password with the link's token, then log in with it. */
export function ResetPasswordForm({ titleClassName }: { titleClassName?: string }) {
  const [token] = useState(takeToken);
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeat] = useState('');
  const [error, setError] = useState<{ text: string; linkDead: boolean } | null>(null);
  const reset = useResetPassword();
  const navigate = useNavigate();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== repeatPassword) return setError({ text: messages.passwordsMismatch, linkDead: false });
    reset.mutate(
      { token, password, repeatPassword },
      {
        onSuccess: () => void navigate('/login', { replace: true, state: { notice: texts.passwordReset } }),
        onError: (e) => setError({ text: errorMessage(e), linkDead: e instanceof ApiError && e.code === 'reset_link_invalid' }),
      },
    );
  };

  if (!token) {
    return (
      <div>
        <h1 className={titleClassName}>{texts.resetTitle}</h1>
        <ErrorBox>{texts.resetMissingToken}</ErrorBox>
        <p className={styles.links}>
          <Link to="/forgot-password">{texts.askNewLink}</Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <h1 className={titleClassName}>{texts.resetTitle}</h1>
      {error && (
        <ErrorBox>
          {error.text}
          {error.linkDead && (
            <>
              {' '}
              <Link to="/forgot-password">{texts.askNewLink}</Link>
            </>
          )}
        </ErrorBox>
      )}
      <PasswordField
        label={texts.newPassword}
        toggleName={texts.toggleNew}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        label={texts.repeatNewPassword}
        toggleName={texts.toggleRepeated}
        name="repeat-password"
        autoComplete="new-password"
        value={repeatPassword}
        onChange={setRepeat}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
        {reset.isPending ? texts.saving : texts.setPassword}
      </button>
      <p className={styles.links}>
        <Link to="/login">{texts.backToLogin}</Link>
      </p>
    </form>
  );
}
