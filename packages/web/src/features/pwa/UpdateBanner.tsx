import { RefreshCw } from 'lucide-react';
import { messages } from '@askbox/common';
import { applyUpdate, useUpdateAvailable } from './api';
import styles from './OfflineBanner.module.css';

/** A new version of the app is installed: say so and let the user reload when it suits them. */
export function UpdateBanner() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className={`${styles.banner} ${styles.update}`} role="status">
      <RefreshCw size={18} aria-hidden />
      <span>{messages.newVersionAvailable}</span>
      <button type="button" className={styles.action} onClick={applyUpdate}>
        {messages.reload}
      </button>
    </div>
  );
}
