import type { EmailNotifications } from '@askbox/common';
import { SettingsSection } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useSetting } from '../settings/api';
import { accountTexts as texts } from './texts';
import styles from './Account.module.css';

const OPTIONS: { value: EmailNotifications; label: string }[] = [
  { value: 'off', label: texts.emailOff },
  { value: 'each', label: texts.emailEach },
  { value: 'digest', label: texts.emailDigest },
];

/** Settings › Email notifications: off (the default), an email per new question, or a daily digest. */
export function EmailNotificationsSection() {
  const setting = useSetting('emailNotifications');
  const { alert } = useDialogs();
  const current = setting.value;

  const choose = (value: EmailNotifications) => setting.set(value, { onError: () => void alert(texts.emailUpdateError) });

  return (
    <SettingsSection id="settings-email" title={texts.emailNotifications}>
      <fieldset className={styles.options} aria-describedby="email-notifications-explanation" disabled={setting.isLoading}>
        <legend className="visually-hidden">{texts.emailNotifications}</legend>
        <p id="email-notifications-explanation" className={styles.explanation}>
          {texts.emailExplanation}
        </p>
        {OPTIONS.map((option) => (
          <label key={option.value} className={styles.option}>
            <input type="radio" name="email-notifications" value={option.value} checked={current === option.value} onChange={() => choose(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}
