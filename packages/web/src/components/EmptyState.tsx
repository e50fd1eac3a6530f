import { lazy, Suspense, type ReactNode } from 'react';
import type { EmptyArtKind } from './EmptyArt';

// the drawings load with the first empty list, not with every first screen (decision 147); their
// box is kept meanwhile, so the text does not move when one arrives
const EmptyArt = lazy(() => import('./EmptyArt').then((m) => ({ default: m.EmptyArt })));

/**
 * A spec empty state: a title and optional detail, never a blank page; `art` adds its illustration.
 * Marked so that focus can land on it when the last item of a list is removed (focusAfterRemoval).
 */
export function EmptyState({ title, detail, icon, art }: { title: string; detail?: string; icon?: ReactNode; art?: EmptyArtKind }) {
  const picture = art ? (
    <Suspense fallback={<span style={{ display: 'block', width: 120, height: 96 }} />}>
      <EmptyArt kind={art} />
    </Suspense>
  ) : (
    icon
  );
  return (
    <div data-empty-state style={{ textAlign: 'center', padding: 'var(--space-6) var(--space-4)', color: 'var(--color-text-muted)' }}>
      {picture && <div style={{ marginBottom: 'var(--space-3)', display: 'flex', justifyContent: 'center' }}>{picture}</div>}
      <p style={{ margin: 0, fontWeight: 600, color: 'var(--color-text)' }}>{title}</p>
      {detail && <p style={{ margin: 'var(--space-2) 0 0' }}>{detail}</p>}
    </div>
  );
}
