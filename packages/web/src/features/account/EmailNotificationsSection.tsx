import type { EmailNotifications } from '@askbox/common';
import { SettingsSection, settingsExplanation } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useSetting } from '../settings/api';
import styles from './Account.module.css';
import { t } from '../../i18n';

// labels are looked up at render time, so a language switch relabels them at once
const OPTIONS: { value: EmailNotifications; label: () => string }[] = [
  { value: 'off', label: () => t('selfService.emailOff') },
  { value: 'each', label: () => t('selfService.emailEach') },
  { value: 'digest', label: () => t('selfService.emailDigest') },
];

/** Settings › Email notifications: off (the default), an email per new question, or a daily digest. */
export function EmailNotificationsSection() {
  const setting = useSetting('emailNotifications');
  const { alert } = useDialogs();
  const current = setting.value;

  const choose = (value: EmailNotifications) => setting.set(value, { onError: () => void alert(t('selfService.emailUpdateError')) });

  return (
    <SettingsSection id="settings-email" title={t('selfService.emailNotifications')}>
      <fieldset className={styles.options} aria-describedby="email-notifications-explanation" disabled={setting.isLoading}>
        <legend className="visually-hidden">{t('selfService.emailNotifications')}</legend>
        <p id="email-notifications-explanation" className={settingsExplanation}>
          {t('selfService.emailExplanation')}
        </p>
        {OPTIONS.map((option) => (
          <label key={option.value} className={styles.option}>
            <input type="radio" name="email-notifications" value={option.value} checked={current === option.value} onChange={() => choose(option.value)} />
            {option.label()}
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}
