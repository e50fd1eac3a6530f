import { useState } from 'react';
import { Link } from 'react-router';
import '../../api/validation';
import { errorOfIssue, normalizeUsername, signupSchema } from '@askbox/common';
import { PlainLayout } from '../../app/AppShell';
import { ErrorBox } from '../../components/ErrorBox';
import { EmailField } from '../../components/EmailField';
import { TextField } from '../../components/Field';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage } from '../../api/client';
import { useSignup } from '../../features/session/api';
import styles from '../Auth.module.css';
import { t, translateError, useDocumentTitle } from '../../i18n';
import { AcceptRules } from '../../features/instance/AcceptRules';

export function SignupScreen() {
  useDocumentTitle(t('titles.signup'));
  const [form, setForm] = useState({ email: '', username: '', fullname: '', password: '', repeatPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const signup = useSignup();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // same rules as the server, checked first so the user hears of them at once
    const parsed = signupSchema.safeParse(form);
    if (!parsed.success) {
      setError(translateError(errorOfIssue(parsed.error.issues[0])));
      return;
    }
    setError(null);
    // on success the session cache updates and the route guard moves on to /notifications-setup
    signup.mutate(form, { onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <PlainLayout>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <h1 className={styles.title}>{t('signupTitle')}</h1>
        {error && <ErrorBox>{error}</ErrorBox>}
        <EmailField label={t('emailLabel')} value={form.email} onChange={set('email')} />
        <TextField
          label={t('usernameLabel')}
          hint={t('usernameHint')}
          inputProps={{
            name: 'username',
            autoComplete: 'username',
            autoCapitalize: 'none',
            spellCheck: false,
            required: true,
            value: form.username,
            onChange: (e) => set('username')(normalizeUsername(e.target.value)),
          }}
        />
        <TextField
          label={t('fullnameLabel')}
          inputProps={{ name: 'fullname', autoComplete: 'name', required: true, value: form.fullname, onChange: (e) => set('fullname')(e.target.value) }}
        />
        <PasswordField label={t('passwordLabel')} name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
        <PasswordField
          label={t('repeatPasswordLabel')}
          toggleLabels={{ show: t('showRepeatedPassword'), hide: t('hideRepeatedPassword') }}
          name="repeatPassword"
          autoComplete="new-password"
          value={form.repeatPassword}
          onChange={set('repeatPassword')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={signup.isPending}>
          {signup.isPending ? t('creatingAccount') : t('signUp')}
        </button>
        <AcceptRules />
        <p className={styles.switch}>
          {t('alreadyHaveAccount')} <Link to="/login">{t('logInHere')}</Link>
        </p>
      </form>
    </PlainLayout>
  );
}
