import { Ban, Globe, ServerOff } from 'lucide-react';
import { type RemoteBlockInput, type RemoteFollower } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useBlockRemote, useRemoteFollowers } from './api';
import styles from './Federation.module.css';
import { t } from '../../i18n';

/**
 * Followers on other servers, after the local ones in the Followers list, each marked 'Remote'.
 * Their pictures are not loaded (they live on other servers: loading them would tell those
 * servers who looks). The profile's owner can block an account or its whole server.
 */
export function RemoteFollowersList({ username, canBlock }: { username: string; canBlock: boolean }) {
  const followers = useRemoteFollowers(username);
  const items = followers.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="remote-followers-title">
      <h3 id="remote-followers-title" className={styles.subtitle}>
        {t('fromOtherServers')}
      </h3>
      <ul className={styles.list} aria-label={t('fromOtherServers')}>
        {items.map((follower) => (
          <li key={follower.uri}>
            <RemoteFollowerRow follower={follower} canBlock={canBlock} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RemoteFollowerRow({ follower, canBlock }: { follower: RemoteFollower; canBlock: boolean }) {
  const block = useBlockRemote();
  const { confirm, alert } = useDialogs();
  const names = (
    <>
      <span className={styles.name}>{follower.name || follower.handle}</span>
      <span className={styles.handle}>{follower.handle}</span>
      <span className={styles.badge}>
        <Globe size={12} aria-hidden /> {t('remote')}
      </span>
    </>
  );
  const onBlock = async (kind: 'actor' | 'domain') => {
    const question =
      kind === 'actor' ? t('confirmBlockRemoteAccount', { handle: follower.handle }) : t('confirmBlockRemoteServer', { domain: follower.domain });
    if (!(await confirm(question))) return;
    const input: RemoteBlockInput = kind === 'actor' ? { kind, target: follower.uri } : { kind, target: follower.domain };
    block.mutate(input, { onError: (error) => void alert(errorMessage(error)) });
  };
  return (
    <div className={styles.row}>
      <Avatar name={follower.name || follower.handle} size={44} />
      {follower.url ? (
        <a className={styles.names} href={follower.url} target="_blank" rel="noopener noreferrer">
          {names}
        </a>
      ) : (
        <span className={styles.names}>{names}</span>
      )}
      {canBlock && (
        <span className={styles.actions}>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('blockRemoteAccount', { handle: follower.handle })}
            onClick={() => void onBlock('actor')}
            disabled={block.isPending}
          >
            <Ban size={18} aria-hidden />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('blockRemoteServer', { domain: follower.domain })}
            onClick={() => void onBlock('domain')}
            disabled={block.isPending}
          >
            <ServerOff size={18} aria-hidden />
          </button>
        </span>
      )}
    </div>
  );
}
