import { useAppConfig } from '../session/api';
import { useFederationOn } from './api';
import styles from './Federation.module.css';
import { t } from '../../i18n';

/** Under a public profile's ask box: how to ask from Mastodon and the like (a post that mentions them, decision 300). */
export function AskFromFediverse({ username, publicProfile }: { username: string; publicProfile: boolean }) {
  const federationOn = useFederationOn();
  const config = useAppConfig();
  if (!publicProfile || !federationOn) return null;
  const host = new URL(config.data?.publicUrl ?? window.location.origin).host;
  return <p className={styles.askFromFediverse}>{t('askFromFediverse', { handle: `@${username}@${host}` })}</p>;
}
