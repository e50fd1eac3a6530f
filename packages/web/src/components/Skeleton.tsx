import { t } from '../i18n';
import styles from './Skeleton.module.css';

/**
 * Grey shapes of the cards a list is about to show, so the screen does not jump when the data
 * arrives; announced once as loading. `answer`: an answer card; `row`: a person or notification row;
 * `question`: an inbox question.
 */
export function SkeletonList({ kind, count = 3, label = t('loading') }: { kind: 'answer' | 'row' | 'question'; count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={styles.list}>
      {Array.from({ length: count }, (_, i) => (kind === 'row' ? <RowSkeleton key={i} /> : <CardSkeleton key={i} withAuthor={kind === 'answer'} />))}
    </div>
  );
}

function CardSkeleton({ withAuthor }: { withAuthor: boolean }) {
  return (
    <div className={`card ${styles.card}`} aria-hidden>
      {withAuthor && (
        <div className={styles.author}>
          <span className={`${styles.bone} ${styles.circle}`} style={{ width: 36, height: 36 }} />
          <span className={styles.bone} style={{ width: '40%' }} />
        </div>
      )}
      <div className={styles.question}>
        <span className={styles.bone} style={{ width: '85%' }} />
        <span className={styles.bone} style={{ width: '55%' }} />
      </div>
      <span className={styles.bone} style={{ width: '92%' }} />
      <span className={styles.bone} style={{ width: '70%' }} />
      <span className={styles.bone} style={{ width: 64, marginTop: 'var(--space-2)' }} />
    </div>
  );
}

function RowSkeleton() {
  return (
    <div className={styles.row} aria-hidden>
      <span className={`${styles.bone} ${styles.circle}`} style={{ width: 44, height: 44 }} />
      <span className={styles.lines}>
        <span className={styles.bone} style={{ width: '60%' }} />
        <span className={styles.bone} style={{ width: '35%' }} />
      </span>
    </div>
  );
}
