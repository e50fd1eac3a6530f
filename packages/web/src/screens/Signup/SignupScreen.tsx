import { rememberWelcomeDue } from '../../features/welcome/api';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import '../../api/validation';
import { errorOfIssue, normalizeUsername, signupSchema } from '@askbox/common';
import { PlainLayout } from '../../app/AppShell';
import { ErrorBox } from '../../components/ErrorBox';
import { EmailField } from '../../components/EmailField';
import { TextField } from '../../components/Field';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage } from '../../api/client';
import { useAppConfig, useSignup } from '../../features/session/api';
import { useBackgroundChallenge } from '../../features/challenge/api';
import { SignupBlocked, SignupExtraFields, SignupPending, signupBlockedMessage } from '../../features/instanceAccess/SignupExtras';
import { useLocale } from '../../i18n';
import styles from '../Auth.module.css';
import { t, translateError, useDocumentTitle } from '../../i18n';
import { AcceptRules } from '../../features/instance/AcceptRules';

export function SignupScreen() {
  useDocumentTitle(t('titles.signup'));
  const [form, setForm] = useState({ email: '', username: '', fullname: '', password: '', repeatPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [extras, setExtras] = useState({ reason: '', ageConfirmed: false });
  const [solving, setSolving] = useState(false);
  const signup = useSignup();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  // the operator's rules (features/instanceAccess); unknown while the config loads: the spec's form
  const rules = useAppConfig().data?.signup;
  const invite = useSearchParams()[0].get('invite');
  const locale = useLocale();
  const blocked = signupBlockedMessage(rules, invite);
  // SIGNUP_CHALLENGE=on: solved while the form is filled in (decision 282)
  const takeChallenge = useBackgroundChallenge('signup', Boolean(rules?.challenge) && !blocked);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // same rules as the server, checked first so the user hears of them at once
    const parsed = signupSchema.safeParse(form);
    if (!parsed.success) {
      setError(translateError(errorOfIssue(parsed.error.issues[0])));
      return;
    }
    if (rules?.registrations === 'approval' && !extras.reason.trim()) return setError(translateError({ code: 'signup_reason_required' }));
    if (rules && rules.minAge > 0 && !extras.ageConfirmed)
      return setError(translateError({ code: 'age_confirmation_required', params: { age: rules.minAge } }));
    setError(null);
    setSolving(true);
    const challenge = await takeChallenge().catch(() => undefined);
    setSolving(false);
    const input = {
      ...form,
      ...(rules?.registrations === 'approval' ? { reason: extras.reason.trim(), locale } : {}),
      ...(rules && rules.minAge > 0 ? { ageConfirmed: extras.ageConfirmed } : {}),
      ...(invite ? { invite } : {}),
      ...(challenge ? { challenge } : {}),
    };
    // on success the session cache updates and the route guard moves on to /notifications-setup
    signup.mutate(input, {
      // the optional welcome step waits on Home, on this device
      onSuccess: (result) => {
        if ('user' in result && result.user) rememberWelcomeDue(result.user.id);
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  const busy = signup.isPending || solving;

  return (
    <PlainLayout>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <img className={styles.logo} src="/images/logo.svg" alt="" width={64} height={64} />
        <h1 className={styles.title}>{t('signupTitle')}</h1>
        {blocked ? (
          <SignupBlocked message={blocked} />
        ) : signup.data && 'pending' in signup.data ? (
          <SignupPending />
        ) : (
          <>
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
            <SignupExtraFields rules={rules} value={extras} onChange={setExtras} />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? t('creatingAccount') : t('signUp')}
            </button>
            <AcceptRules />
          </>
        )}
        <p className={styles.switch}>
          {t('alreadyHaveAccount')} <Link to="/login">{t('logInHere')}</Link>
        </p>
      </form>
    </PlainLayout>
  );
}
