import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A message about something that went wrong, announced at once (forms, lists that failed to load),
 * and scrolled into view when it appears: never left below the fold or under the tab bar (its
 * scroll margin keeps it above the bar).
 */
export function ErrorBox({ children, className = '', id }: { children: ReactNode; className?: string; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div ref={ref} id={id} className={`error-box ${className}`} role="alert">
      {children}
    </div>
  );
}
