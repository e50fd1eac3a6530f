import { useEffect, useId, useRef } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale } from '@askbox/common';
import { setLocale, t, useLocale } from '../../i18n';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useUpdateSettings } from '../settings/api';
import styles from './Display.module.css';

/** Where the focus goes back after the screen re-renders in the new language. */
let refocusAfterSwitch = false;

/** Settings › Language: English / Français, each name in its own language; saved on the account. */
export function LanguageRow() {
  const id = useId();
  const locale = useLocale();
  const update = useUpdateSettings();
  const { alert } = useDialogs();
  const select = useRef<HTMLSelectElement>(null);

  // the routes remount under the new language: keep the keyboard user where they were
  useEffect(() => {
    if (refocusAfterSwitch) select.current?.focus();
    refocusAfterSwitch = false;
  }, []);

  const onChange = (value: string) => {
    if (!isLocale(value)) return;
    refocusAfterSwitch = true;
    setLocale(value);
    update.mutate({ locale: value }, { onError: () => void alert(t('languageUpdateError')) });
  };

  return (
    <div className={styles.row}>
      <label htmlFor={id}>{t('language')}</label>
      <select id={id} ref={select} className={styles.select} value={locale} onChange={(event) => onChange(event.target.value)}>
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
