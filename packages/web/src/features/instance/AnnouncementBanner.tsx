import { X } from 'lucide-react';
import { useAnnouncement, useDismissAnnouncement } from './api';
import styles from './Instance.module.css';
import { t } from '../../i18n';

/** The admins' announcement above every main screen, until this person dismisses it (on every device). */
export function AnnouncementBanner() {
  const { data: announcement } = useAnnouncement();
  const dismiss = useDismissAnnouncement();
  if (!announcement) return null;
  return (
    <aside className={styles.banner} aria-label={t('instance.announcement')}>
      <p className={styles.bannerText} lang={announcement.locale}>
        {announcement.text}
      </p>
      <button type="button" className="icon-btn" aria-label={t('instance.dismiss')} onClick={() => dismiss.mutate(announcement.id)}>
        <X size={18} aria-hidden />
      </button>
    </aside>
  );
}
