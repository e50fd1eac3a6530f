import { t } from '../../i18n';
import styles from './AnswerExtras.module.css';

/**
 * 'Also publish my answer to my followers', offered only for a question from a followers-only or
 * direct fediverse post (decision 332): off, the answer goes to its asker alone. The hint says
 * the asker is not named, and is read with the checkbox.
 */
export function PublishToFollowersField({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className={styles.publish}>
      <label className={styles.toggle}>
        <input type="checkbox" checked={checked} aria-describedby={`${id}-publish-hint`} onChange={(e) => onChange(e.target.checked)} />
        {t('publishToFollowers')}
      </label>
      <p id={`${id}-publish-hint`} className={`hint ${styles.publishHint}`}>
        {t('publishToFollowersHint')}
      </p>
    </div>
  );
}
