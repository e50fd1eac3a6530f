import type { ReactNode } from 'react';

/** A message about something that went wrong, announced at once (forms, lists that failed to load). */
export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div className="error-box" role="alert">
      {children}
    </div>
  );
}
