import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LOCALE_NAMES, LOCALES, isLocale, type AccountSettings } from '@askbox/common';
import { loadLocale, setLocale, t, useLocale } from '../../i18n';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { settingsKeys, useUpdateSettings } from '../settings/api';
import styles from './Display.module.css';

/** Where the focus goes back after the screen re-renders in the new language. */
let refocusAfterSwitch = false;

/** Settings › Language: English / Français, each name in its own language; saved on the account. */
export function LanguageRow() {
  const id = useId();
  const locale = useLocale();
  const update = useUpdateSettings();
  const queryClient = useQueryClient();
  const { alert } = useDialogs();
  const select = useRef<HTMLSelectElement>(null);

  // the routes remount under the new language: keep the keyboard user where they were
  useEffect(() => {
    if (refocusAfterSwitch) select.current?.focus();
    refocusAfterSwitch = false;
    // the other languages' catalogs, so a switch shows at once
    for (const other of LOCALES) void loadLocale(other);
  }, []);

  const onChange = (value: string) => {
    if (!isLocale(value)) return;
    refocusAfterSwitch = true;
    // the cached account setting first: AccountLocale, remounted with the routes, must not put the old one back
    queryClient.setQueryData<AccountSettings>(settingsKeys.mine, (settings) => settings && { ...settings, locale: value });
    void setLocale(value);
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
