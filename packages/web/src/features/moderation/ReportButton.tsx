import { lazy, Suspense, useState } from 'react';
import { Flag } from 'lucide-react';
import type { ReportTargetKind } from '@askbox/common';
import { t } from '../../i18n';
import styles from './Moderation.module.css';

// the dialog (and the shared report schema, zod) loads on the first tap, not with every card (decision 147)
const ReportDialog = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportDialog })));

/** The report dialog of one target, opened by a control of the caller's (a card's '…' menu). */
export function useReportDialog(kind: ReportTargetKind, target: string) {
  const [open, setOpen] = useState(false);
  const dialog = open ? (
    <Suspense fallback={null}>
      <ReportDialog kind={kind} target={target} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { open: () => setOpen(true), dialog, label: t(`moderation.reportTitle.${kind}`) };
}

/**
 * 'Report' on an inbox question, an answer or a profile. `target` is the question id, or the
 * username for a profile. `look`: an icon button (cards, cover) or a small text button (inbox), whose
 * word gives way to the flag alone in a narrow row (a phone's inbox card: see .reportWord).
 */
export function ReportButton({ kind, target, look = 'icon' }: { kind: ReportTargetKind; target: string; look?: 'icon' | 'text' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {look === 'icon' ? (
        <button type="button" className="icon-btn" aria-label={t(`moderation.reportTitle.${kind}`)} onClick={() => setOpen(true)}>
          <Flag size={18} aria-hidden />
        </button>
      ) : (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(true)} aria-label={t(`moderation.reportTitle.${kind}`)}>
          <Flag size={16} aria-hidden /> <span className={styles.reportWord}>{t('moderation.report')}</span>
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
