import { useEffect } from 'react';
import { useSettings } from '../settings/api';
import { setTheme } from './api';

/** Signed in, the account's theme wins over this browser's (chosen on another device). Renders nothing. */
export function AccountTheme() {
  const theme = useSettings().data?.theme;
  useEffect(() => {
    if (theme) setTheme(theme);
  }, [theme]);
  return null;
}
