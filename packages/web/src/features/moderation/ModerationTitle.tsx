import { t } from '../../i18n';

/** The moderation screen's heading. */
export function ModerationTitle({ className }: { className?: string }) {
  return <h1 className={className}>{t('moderationQueue.moderation')}</h1>;
}
