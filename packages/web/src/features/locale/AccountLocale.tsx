import { useEffect } from 'react';
import { currentLocale, setLocale } from '../../i18n';
import { useSettings, useUpdateSettings } from '../settings/api';

/**
 * Signed in, the account's language wins over this browser's (the user chose it on another
 * device). An account that never chose records the language the user sees here, so push
 * notifications and emails reach them in it (decision 120). Renders nothing.
 */
export function AccountLocale() {
  const settings = useSettings();
  const { mutate: update } = useUpdateSettings();
  const saved = settings.data?.locale;
  useEffect(() => {
    if (saved === undefined) return;
    if (saved === null) update({ locale: currentLocale() });
    else void setLocale(saved);
  }, [saved, update]);
  return null;
}
