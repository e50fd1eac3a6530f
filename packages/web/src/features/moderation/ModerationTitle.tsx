import { texts } from './texts';

/** The moderation screen's heading. */
export function ModerationTitle({ className }: { className?: string }) {
  return <h1 className={className}>{texts.moderation}</h1>;
}
