import { useState } from 'react';
import { Flag } from 'lucide-react';
import type { ReportTargetKind } from '@askbox/common';
import { ReportDialog } from './ReportDialog';
import { texts } from './texts';

/**
 * 'Report' on an inbox question, an answer or a profile. `target` is the question id, or the
 * username for a profile. `look`: an icon button (cards, cover) or a small text button (inbox).
 */
export function ReportButton({ kind, target, look = 'icon' }: { kind: ReportTargetKind; target: string; look?: 'icon' | 'text' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {look === 'icon' ? (
        <button type="button" className="icon-btn" aria-label={texts.reportTitle[kind]} onClick={() => setOpen(true)}>
          <Flag size={18} aria-hidden />
        </button>
      ) : (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(true)} aria-label={texts.reportTitle[kind]}>
          <Flag size={16} aria-hidden /> {texts.report}
        </button>
      )}
      {open && <ReportDialog kind={kind} target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
