import { Navigate } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { useMe } from '../../features/session/api';
import { TeamPanel } from '../../features/moderationTeam/TeamPanel';
import { AuditPanel } from '../../features/moderationTeam/AuditPanel';
import { DashboardPanel } from '../../features/moderationTeam/DashboardPanel';
import { t, useDocumentTitle } from '../../i18n';
import styles from '../Moderation/Moderation.module.css';

/** /settings/team: the admins' Team screen, roles (the server checks the role on every call too). */
export function TeamScreen() {
  const { data: me } = useMe();
  useDocumentTitle(t('titles.team'));
  if (me && !me.isAdmin) return <Navigate to="/settings" replace />;
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <h1 className={styles.title}>{t('team.team')}</h1>
      </header>
      <TeamPanel />
    </div>
  );
}

/** /settings/audit: the admins' audit log of every moderation and admin action. */
export function AuditScreen() {
  const { data: me } = useMe();
  useDocumentTitle(t('titles.audit'));
  if (me && !me.isAdmin) return <Navigate to="/settings" replace />;
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <h1 className={styles.title}>{t('team.auditLog')}</h1>
      </header>
      <AuditPanel />
    </div>
  );
}

/** /settings/dashboard: the admins' dashboard (activity, deliveries with Retry and Discard, version, database). */
export function DashboardScreen() {
  const { data: me } = useMe();
  useDocumentTitle(t('titles.dashboard'));
  if (me && !me.isAdmin) return <Navigate to="/settings" replace />;
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <h1 className={styles.title}>{t('team.dashboard')}</h1>
      </header>
      <DashboardPanel />
    </div>
  );
}
