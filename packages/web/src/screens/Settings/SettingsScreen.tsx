import { Link, useNavigate } from 'react-router';
import { AtSign, Camera, LogOut, Mail, MessageCircleQuestion } from 'lucide-react';

import { useAppConfig, useLogout } from '../../features/session/api';
import { AdminCard } from '../../features/admin/AdminCard';
import { DisplaySection } from '../../features/locale/DisplaySection';
import { BlockedUsersSection } from '../../features/blocks/BlockedUsersSection';
import { AccountRows } from '../../features/account/AccountRows';
import { EmailNotificationsSection } from '../../features/account/EmailNotificationsSection';
import { PublicProfileSection } from '../../features/federation/PublicProfileSection';
import { QuestionSafetySection } from '../../features/safety/QuestionSafetySection';
import { InboxControlSection } from '../../features/safety/InboxControlSection';
import { RepliesSettingsSection } from '../../features/replies/RepliesSettingsSection';
import { InvitesSection } from '../../features/instanceAccess/InvitesSection';
import { YourSessionsSection } from '../../features/yourSessions/YourSessionsSection';
import { TwoFactorSection } from '../../features/twoFactor/TwoFactorSection';
import { PasskeysSection } from '../../features/passkeys/PasskeysSection';
import { BackButton } from '../../components/BackButton';
import { InstancePageRows } from '../../features/instance/InstancePageRows';
import { SettingsSection, settingsDangerRow, settingsRow } from '../../components/SettingsSection';
import styles from './Settings.module.css';
import { t, useDocumentTitle } from '../../i18n';

export function SettingsScreen() {
  useDocumentTitle(t('titles.settings'));
  const navigate = useNavigate();
  const logout = useLogout();
  const config = useAppConfig();

  const onLogout = () => logout.mutate(undefined, { onSettled: () => navigate('/onboarding', { replace: true }) });

  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/profile" />
        <h1 className={styles.title}>{t('settings')}</h1>
      </header>

      <AdminCard />
      <DisplaySection />
      <BlockedUsersSection />
      <InboxControlSection />
      <QuestionSafetySection />
      <RepliesSettingsSection />
      <EmailNotificationsSection />
      <PublicProfileSection />
      <InvitesSection />
      <TwoFactorSection />
      <PasskeysSection />
      <YourSessionsSection />

      <SettingsSection id="settings-help" title={t('helpAndSocial')}>
        <a className={settingsRow} href={`mailto:${config.data?.supportEmail ?? ''}`}>
          <Mail size={20} aria-hidden /> {t('contactUs')}
        </a>
        <button type="button" className={settingsRow} onClick={() => config.data && window.open(config.data.microblogUrl, '_blank', 'noopener')}>
          <AtSign size={20} aria-hidden /> {t('followUsOnX')}
        </button>
        <button type="button" className={settingsRow} onClick={() => config.data && window.open(config.data.photoSharingUrl, '_blank', 'noopener')}>
          <Camera size={20} aria-hidden /> {t('followUsOnInstagram')}
        </button>
      </SettingsSection>

      <SettingsSection id="settings-instance" title={t('instance.pagesLabel')}>
        <InstancePageRows />
      </SettingsSection>

      <SettingsSection id="settings-account" title={t('account')}>
        <Link className={settingsRow} to="/settings/questions-asked">
          <MessageCircleQuestion size={20} aria-hidden /> {t('asked.title')}
        </Link>
        <AccountRows />
        <button type="button" className={settingsDangerRow} onClick={onLogout} disabled={logout.isPending}>
          <LogOut size={20} aria-hidden /> {t('logout')}
        </button>
      </SettingsSection>
    </div>
  );
}
