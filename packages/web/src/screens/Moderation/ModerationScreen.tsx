import { Navigate } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { useAppConfig, useMe } from '../../features/session/api';
import { ApprovalQueue } from '../../features/instanceAccess/InstancePanel';
import { ModerationPanel } from '../../features/moderation/ModerationPanel';
import { ModerationTitle } from '../../features/moderation/ModerationTitle';
import { t, useDocumentTitle } from '../../i18n';
import styles from './Moderation.module.css';

/** /settings/moderation: admins and moderators (the server checks the role on every call too). */
export function ModerationScreen() {
  const { data: me } = useMe();
  // in approval mode, moderators approve sign-ups too (decision 280)
  const approvals = useAppConfig().data?.signup.registrations === 'approval';
  useDocumentTitle(t('titles.moderation'));
  if (me && !me.isModerator) return <Navigate to="/settings" replace />;
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <ModerationTitle className={styles.title} />
      </header>
      {approvals && <ApprovalQueue />}
      <ModerationPanel />
    </div>
  );
}
