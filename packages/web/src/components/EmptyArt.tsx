/** The empty states' illustrations: inline, drawn from the theme's colours (light and dark), nothing fetched. */
export type EmptyArtKind = 'feed' | 'inbox' | 'activity' | 'answers' | 'search' | 'blocked';

const soft = 'var(--color-accent-soft)';
const accent = 'var(--color-accent)';
const surface = 'var(--color-surface)';
const line = 'var(--color-border)';

const drawings: Record<EmptyArtKind, React.ReactNode> = {
  // two answer cards, a heart on the front one
  feed: (
    <>
      <rect x="30" y="14" width="68" height="50" rx="10" fill={soft} />
      <rect x="20" y="28" width="72" height="52" rx="10" fill={surface} stroke={line} strokeWidth="2" />
      <rect x="30" y="40" width="40" height="7" rx="3.5" fill={soft} />
      <rect x="30" y="54" width="50" height="5" rx="2.5" fill={line} />
      <path d="M84 74c-5-4-9-7-9-11a4.5 4.5 0 0 1 9-1 4.5 4.5 0 0 1 9 1c0 4-4 7-9 11z" fill="var(--color-like)" />
    </>
  ),
  // an open tray waiting for a question
  inbox: (
    <>
      <path d="M22 50l12-28h52l12 28v24a6 6 0 0 1-6 6H28a6 6 0 0 1-6-6z" fill={soft} />
      <path d="M22 50h20l6 10h24l6-10h20" fill="none" stroke={accent} strokeWidth="3" strokeLinejoin="round" />
      <circle cx="60" cy="30" r="11" fill={surface} stroke={accent} strokeWidth="2.5" />
      <path d="M56.5 27a3.5 3.5 0 1 1 5 3.2c-1 .5-1.5 1.2-1.5 2.3" fill="none" stroke={accent} strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="60" cy="36.5" r="1.5" fill={accent} />
    </>
  ),
  // a quiet bell
  activity: (
    <>
      <circle cx="60" cy="46" r="34" fill={soft} />
      <path d="M44 60V46a16 16 0 0 1 32 0v14l5 5H39z" fill={surface} stroke={accent} strokeWidth="3" strokeLinejoin="round" />
      <path d="M55 70a5 5 0 0 0 10 0" fill="none" stroke={accent} strokeWidth="3" strokeLinecap="round" />
      <path d="M90 20v8M86 24h8M28 66v6M25 69h6" stroke={accent} strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  // a speech bubble with its lines still to write
  answers: (
    <>
      <path d="M26 22h68a8 8 0 0 1 8 8v32a8 8 0 0 1-8 8H52l-14 12V70H26a8 8 0 0 1-8-8V30a8 8 0 0 1 8-8z" fill={soft} />
      <rect x="32" y="36" width="48" height="6" rx="3" fill={accent} opacity="0.5" />
      <rect x="32" y="50" width="32" height="6" rx="3" fill={accent} opacity="0.3" />
    </>
  ),
  // a magnifier that found no one
  search: (
    <>
      <circle cx="52" cy="42" r="24" fill={soft} stroke={accent} strokeWidth="4" />
      <path d="M70 60l18 18" stroke={accent} strokeWidth="7" strokeLinecap="round" />
      <path d="M44 42h16" stroke={accent} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  // a calm shield
  blocked: (
    <>
      <path d="M60 12l30 11v22c0 19-13 32-30 38-17-6-30-19-30-38V23z" fill={soft} stroke={accent} strokeWidth="3" strokeLinejoin="round" />
      <path d="M47 46l9 9 17-18" fill="none" stroke={accent} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
};

export function EmptyArt({ kind }: { kind: EmptyArtKind }) {
  return (
    <svg width="120" height="96" viewBox="0 0 120 96" aria-hidden focusable="false">
      {drawings[kind]}
    </svg>
  );
}
