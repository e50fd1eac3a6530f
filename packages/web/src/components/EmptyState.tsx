import type { ReactNode } from 'react';

/**
 * A spec empty state: a title and optional detail, never a blank page. Marked so that focus can
 * land on it when the last item of a list is removed (focusAfterRemoval).
 */
export function EmptyState({ title, detail, icon }: { title: string; detail?: string; icon?: ReactNode }) {
  return (
    <div data-empty-state style={{ textAlign: 'center', padding: 'var(--space-6) var(--space-4)', color: 'var(--color-text-muted)' }}>
      {icon && <div style={{ marginBottom: 'var(--space-3)', display: 'flex', justifyContent: 'center' }}>{icon}</div>}
      <p style={{ margin: 0, fontWeight: 600, color: 'var(--color-text)' }}>{title}</p>
      {detail && <p style={{ margin: 'var(--space-2) 0 0' }}>{detail}</p>}
    </div>
  );
}
