import { useState } from 'react';
import { ChevronRight, FileText, Gauge, Megaphone, ScrollText, Users } from 'lucide-react';
import { Link } from 'react-router';

import { useMe } from '../session/api';
import { GlobalQuestionModal } from './GlobalQuestionModal';
import { ModerationLink } from '../moderation/ModerationLink';
import { InstanceLink } from '../instanceAccess/InstanceLink';
import { SettingsSection, settingsRow } from '../../components/SettingsSection';
import styles from './AdminCard.module.css';
import { t } from '../../i18n';

/**
 * Settings' 'Admin Features' card, admins only; the server checks the role again. A moderator
 * gets a 'Moderation' card with the moderation screen only (decision 286).
 */
export function AdminCard() {
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  if (me?.isModerator && !me.isAdmin) {
    return (
      <SettingsSection id="settings-moderation" title={t('team.moderationCard')} accent>
        <ModerationLink className={`${settingsRow} ${styles.adminRow}`} labelClassName={styles.rowLabel ?? ''} />
      </SettingsSection>
    );
  }
  if (!me?.isAdmin) return null;

  return (
    <SettingsSection id="settings-admin" title={t('adminFeatures')} accent>
      <button type="button" className={`${settingsRow} ${styles.adminRow}`} onClick={() => setOpen(true)}>
        <Megaphone size={20} aria-hidden />
        <span className={styles.rowLabel}>{t('sendGlobalQuestionToAll')}</span>
        <ChevronRight size={18} aria-hidden />
      </button>
      <ModerationLink className={`${settingsRow} ${styles.adminRow}`} labelClassName={styles.rowLabel ?? ''} />
      <InstanceLink className={`${settingsRow} ${styles.adminRow}`} labelClassName={styles.rowLabel ?? ''} />
      <Link className={`${settingsRow} ${styles.adminRow}`} to="/settings/pages">
        <FileText size={20} aria-hidden />
        <span className={styles.rowLabel}>{t('instanceEditor.editorLink')}</span>
        <ChevronRight size={18} aria-hidden />
      </Link>
      <Link to="/settings/team" className={`${settingsRow} ${styles.adminRow}`}>
        <Users size={20} aria-hidden />
        <span className={styles.rowLabel}>{t('team.team')}</span>
        <ChevronRight size={18} aria-hidden />
      </Link>
      <Link to="/settings/dashboard" className={`${settingsRow} ${styles.adminRow}`}>
        <Gauge size={20} aria-hidden />
        <span className={styles.rowLabel}>{t('team.dashboard')}</span>
        <ChevronRight size={18} aria-hidden />
      </Link>
      <Link to="/settings/audit" className={`${settingsRow} ${styles.adminRow}`}>
        <ScrollText size={20} aria-hidden />
        <span className={styles.rowLabel}>{t('team.auditLog')}</span>
        <ChevronRight size={18} aria-hidden />
      </Link>
      {open && <GlobalQuestionModal onClose={() => setOpen(false)} />}
    </SettingsSection>
  );
}
