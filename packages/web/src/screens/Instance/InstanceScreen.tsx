import { Navigate } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { useMe } from '../../features/session/api';
import { InstancePanel } from '../../features/instanceAccess/InstancePanel';
import { ServerBlocksSection } from '../../features/fediverseBlocks/ServerBlocksSection';
import { t, useDocumentTitle } from '../../i18n';
import styles from '../Moderation/Moderation.module.css';

/** /settings/instance: admins only (the server checks the role on every call too): sign-ups, and the blocked fediverse servers. */
export function InstanceScreen() {
  const { data: me } = useMe();
  useDocumentTitle(t('instanceAccess.instanceTitle'));
  if (me && !me.isAdmin) return <Navigate to="/settings" replace />;
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <h1 className={styles.title}>{t('instanceAccess.instance')}</h1>
      </header>
      <InstancePanel />
      <ServerBlocksSection />
    </div>
  );
}
