import { Navigate } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { SettingsSection } from '../../components/SettingsSection';
import { useMe } from '../../features/session/api';
import { AnnouncementEditor } from '../../features/instance/AnnouncementEditor';
import { PageEditor } from '../../features/instance/PageEditor';
import { PromptEditor } from '../../features/prompts/PromptEditor';
import styles from '../Moderation/Moderation.module.css';
import { t, useDocumentTitle } from '../../i18n';

/** /settings/pages: admins write the instance's pages, schedule the announcement and add ideas of questions (the server checks the role too). */
export function InstancePagesScreen() {
  const { data: me } = useMe();
  useDocumentTitle(t('titles.instancePages'));
  if (me && !me.isAdmin) return <Navigate to="/settings" replace />;
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <h1 className={styles.title}>{t('instanceEditor.editorTitle')}</h1>
      </header>
      <SettingsSection id="instance-pages" title={t('instanceEditor.editorTitle')}>
        <PageEditor />
      </SettingsSection>
      <SettingsSection id="instance-announcement" title={t('instance.announcement')}>
        <AnnouncementEditor />
      </SettingsSection>
      <SettingsSection id="instance-prompts" title={t('promptsAdmin.title')}>
        <PromptEditor />
      </SettingsSection>
    </div>
  );
}
