import { useId } from 'react';
import { WHO_MAY_ASK, type WhoMayAsk } from '@askbox/common';
import { SettingSwitch, SettingsSection, settingsExplanation } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useSetting, useSettings, useUpdateSettings } from '../settings/api';
import styles from './Safety.module.css';
import { t, useLocale } from '../../i18n';

/** How long a pause may be chosen to last, in days ('' = until turned off). */
const PAUSE_LENGTHS = ['', '1', '3', '7', '30'] as const;
/** The account ages offered for 'Accounts older than N days' (the one stored is added if another). */
const MIN_DAYS_CHOICES = [1, 7, 30, 90, 365];
const DAY_MS = 86_400_000;

/** Settings › Inbox: pause it (optionally until a time) and choose who may ask. */
export function InboxControlSection() {
  return (
    <SettingsSection id="settings-inbox-control" title={t('inboxControl.title')}>
      <PauseInbox />
      <WhoMayAskChoice />
    </SettingsSection>
  );
}

function PauseInbox() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const { alert } = useDialogs();
  const locale = useLocale();
  const id = useId();
  const until = settings.data?.inboxPausedUntil ?? null;
  // a pause whose end time has passed is over: the server takes questions again
  const paused = (settings.data?.inboxPaused ?? false) && (until === null || new Date(until) > new Date());
  const change = (input: { inboxPaused: boolean; inboxPausedUntil?: string | null }) =>
    update.mutate(input, { onError: () => void alert(t('safety.settingError')) });
  const onLength = (days: string) =>
    change({ inboxPaused: true, inboxPausedUntil: days === '' ? null : new Date(Date.now() + Number(days) * DAY_MS).toISOString() });

  return (
    <>
      <SettingSwitch
        label={t('inboxControl.pause')}
        checked={paused}
        disabled={settings.isPending}
        describedBy={`${id}-pause`}
        onChange={(on) => change(on ? { inboxPaused: true, inboxPausedUntil: null } : { inboxPaused: false })}
      />
      <p id={`${id}-pause`} className={settingsExplanation}>
        {t('inboxControl.pauseExplanation')}
      </p>
      {paused && (
        <div className={styles.field}>
          <label htmlFor={`${id}-until`}>{t('inboxControl.pauseEnds')}</label>
          <select id={`${id}-until`} className="input" value={until === null ? '' : 'at'} onChange={(event) => onLength(event.target.value)}>
            {until !== null && (
              <option value="at" disabled>
                {t('inboxControl.pausedUntil', { time: new Date(until).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) })}
              </option>
            )}
            {PAUSE_LENGTHS.map((days) => (
              <option key={days} value={days}>
                {days === '' ? t('inboxControl.untilTurnedOff') : t('inboxControl.forDays', { count: Number(days) })}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

function WhoMayAskChoice() {
  const who = useSetting('whoMayAsk');
  const minDays = useSetting('whoMayAskMinDays');
  const { alert } = useDialogs();
  const id = useId();
  const onError = () => void alert(t('safety.settingError'));
  const days = minDays.value ?? 7;
  const dayChoices = MIN_DAYS_CHOICES.includes(days) ? MIN_DAYS_CHOICES : [...MIN_DAYS_CHOICES, days].sort((a, b) => a - b);
  const labels: Record<WhoMayAsk, string> = {
    everyone: t('inboxControl.everyone'),
    following: t('inboxControl.following'),
    older_accounts: t('inboxControl.olderAccounts'),
  };

  return (
    <fieldset className={styles.fieldset} aria-describedby={`${id}-who`}>
      <legend className={styles.subtitle}>{t('inboxControl.whoMayAsk')}</legend>
      <p id={`${id}-who`} className={settingsExplanation}>
        {t('inboxControl.whoMayAskExplanation')}
      </p>
      {WHO_MAY_ASK.map((choice) => (
        <label key={choice} className={styles.radioRow}>
          <input
            type="radio"
            name={`${id}-who`}
            value={choice}
            checked={who.value === choice}
            disabled={who.isLoading}
            onChange={() => who.set(choice, { onError })}
          />
          <span>{labels[choice]}</span>
        </label>
      ))}
      {who.value === 'older_accounts' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-days`}>{t('inboxControl.minDays')}</label>
          <select id={`${id}-days`} className="input" value={days} onChange={(event) => minDays.set(Number(event.target.value), { onError })}>
            {dayChoices.map((n) => (
              <option key={n} value={n}>
                {t('inboxControl.days', { count: n })}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
