import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { THEMES, type AccountSettings, type Theme } from '@askbox/common';
import { t } from '../../i18n';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { settingsKeys, useUpdateSettings } from '../settings/api';
import { currentTheme, setTheme, subscribeTheme } from './api';
import styles from './Theme.module.css';

const LABELS = { system: 'themeSystem', light: 'themeLight', dark: 'themeDark' } as const satisfies Record<Theme, string>;

/** Settings › Theme: System / Light / Dark, applied at once, saved on the account and here. */
export function ThemeRow() {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme);
  const update = useUpdateSettings();
  const queryClient = useQueryClient();
  const { alert } = useDialogs();

  const onChange = (value: Theme) => {
    // the cached setting first, so AccountTheme never paints the old theme back
    queryClient.setQueryData<AccountSettings>(settingsKeys.mine, (settings) => settings && { ...settings, theme: value });
    setTheme(value);
    update.mutate({ theme: value }, { onError: () => void alert(t('themeUpdateError')) });
  };

  return (
    <fieldset className={styles.row}>
      <legend className={styles.legend}>{t('theme')}</legend>
      <div className={styles.options}>
        {THEMES.map((value) => (
          <label key={value} className={styles.option}>
            <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => onChange(value)} />
            <span>{t(LABELS[value])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
