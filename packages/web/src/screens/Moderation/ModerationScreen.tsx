import { Navigate } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { useMe } from '../../features/session/api';
import { ModerationPanel } from '../../features/moderation/ModerationPanel';
import { ModerationTitle } from '../../features/moderation/ModerationTitle';
import { t, useDocumentTitle } from '../../i18n';
import styles from './Moderation.module.css';

/** /settings/moderation: admins and moderators (the server checks the role on every call too). */
export function ModerationScreen() {
  const { data: me } = useMe();
  useDocumentTitle(t('titles.moderation'));
  if (me && !me.isModerator) return <Navigate to="/settings" replace />;
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <ModerationTitle className={styles.title} />
      </header>
      <ModerationPanel />
    </div>
  );
}
