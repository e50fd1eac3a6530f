import { useId, useState } from 'react';
import { Link } from 'react-router';
import '../../api/validation';
import { messages, normalizeUsername, signupSchema } from '@askbox/common';
import { PlainLayout } from '../../app/AppShell';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage } from '../../api/client';
import { useSignup } from '../../features/session/api';
import styles from '../Auth.module.css';

export function SignupScreen() {
  const ids = { email: useId(), username: useId(), fullname: useId() };
  const [form, setForm] = useState({ email: '', username: '', fullname: '', password: '', repeatPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const signup = useSignup();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // same rules as the server, checked first so the user hears of them at once
    const parsed = signupSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.somethingWentWrong);
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
        <h1 className={styles.title}>{messages.signupTitle}</h1>
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="field">
          <label htmlFor={ids.email}>Email</label>
          <input
            id={ids.email}
            name="email"
            className="input"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.username}>Username</label>
          <input
            id={ids.username}
            name="username"
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={form.username}
            onChange={(e) => set('username')(normalizeUsername(e.target.value))}
            aria-describedby={`${ids.username}-hint`}
          />
          <span id={`${ids.username}-hint`} className="hint">
            Lowercase letters, numbers and underscores
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.fullname}>Full name</label>
          <input
            id={ids.fullname}
            name="fullname"
            className="input"
            autoComplete="name"
            required
            value={form.fullname}
            onChange={(e) => set('fullname')(e.target.value)}
          />
        </div>
        <PasswordField label="Password" name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
        <PasswordField
          label="Repeat password"
          toggleName="repeated password"
          name="repeatPassword"
          autoComplete="new-password"
          value={form.repeatPassword}
          onChange={set('repeatPassword')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={signup.isPending}>
          {signup.isPending ? 'Creating account…' : messages.signUp}
        </button>
        <p className={styles.switch}>
          Already have an account? <Link to="/login">{messages.logInHere}</Link>
        </p>
      </form>
    </PlainLayout>
  );
}
