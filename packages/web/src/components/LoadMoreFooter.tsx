import { messages } from '@askbox/common';
import { BouncingDots } from './Spinner';

/** 'Scroll for more' with the bouncing dots, shown while more pages exist. */
export function LoadMoreFooter() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: 'var(--space-4)' }} className="muted">
      <span>{messages.scrollForMore}</span>
      <BouncingDots />
    </div>
  );
}
