import { Link } from 'react-router';
import { ChevronRight, ShieldAlert } from 'lucide-react';
import { useModerationQueue } from './api';
import { t } from '../../i18n';

/** The Admin Features card's row to the moderation screen, with the open-report count when there are some. */
export function ModerationLink({ className, labelClassName }: { className: string; labelClassName: string }) {
  const queue = useModerationQueue();
  const open = queue.data?.items.length ?? 0;
  const more = queue.data?.nextCursor ? '+' : '';
  return (
    <Link to="/settings/moderation" className={className}>
      <ShieldAlert size={20} aria-hidden />
      <span className={labelClassName}>
        {t('moderationQueue.moderation')}
        {open > 0 && <span className="muted">{` (${open}${more})`}</span>}
      </span>
      <ChevronRight size={18} aria-hidden />
    </Link>
  );
}
