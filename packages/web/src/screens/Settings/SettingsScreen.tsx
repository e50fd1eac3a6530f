import { useNavigate } from 'react-router';
import { AtSign, Camera, LogOut, Mail } from 'lucide-react';
import { messages } from '@askbox/common';
import { useAppConfig, useLogout } from '../../features/session/api';
import { AdminCard } from '../../features/admin/AdminCard';
import { BlockedUsersSection } from '../../features/blocks/BlockedUsersSection';
import { AccountRows } from '../../features/account/AccountRows';
import { EmailNotificationsSection } from '../../features/account/EmailNotificationsSection';
import { PublicProfileSection } from '../../features/federation/PublicProfileSection';
import { BackButton } from '../../components/BackButton';
import { SettingsSection, settingsDangerRow, settingsRow } from '../../components/SettingsSection';
import styles from './Settings.module.css';

export function SettingsScreen() {
  const navigate = useNavigate();
  const logout = useLogout();
  const config = useAppConfig();

  const onLogout = () => logout.mutate(undefined, { onSettled: () => navigate('/onboarding', { replace: true }) });

  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/profile" />
        <h1 className={styles.title}>Settings</h1>
      </header>

      <AdminCard />
      <BlockedUsersSection />
      <EmailNotificationsSection />
      <PublicProfileSection />

      <SettingsSection id="settings-help" title={messages.helpAndSocial}>
        <a className={settingsRow} href={`mailto:${config.data?.supportEmail ?? ''}`}>
          <Mail size={20} aria-hidden /> {messages.contactUs}
        </a>
        <button type="button" className={settingsRow} onClick={() => config.data && window.open(config.data.microblogUrl, '_blank', 'noopener')}>
          <AtSign size={20} aria-hidden /> Follow us on X
        </button>
        <button type="button" className={settingsRow} onClick={() => config.data && window.open(config.data.photoSharingUrl, '_blank', 'noopener')}>
          <Camera size={20} aria-hidden /> Follow us on Instagram
        </button>
      </SettingsSection>

      <SettingsSection id="settings-account" title={messages.account}>
        <AccountRows />
        <button type="button" className={settingsDangerRow} onClick={onLogout} disabled={logout.isPending}>
          <LogOut size={20} aria-hidden /> {messages.logout}
        </button>
      </SettingsSection>
    </div>
  );
}
