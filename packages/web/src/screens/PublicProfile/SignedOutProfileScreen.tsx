import { Link, useParams } from 'react-router';
import { Lock } from 'lucide-react';

import { PlainLayout } from '../../app/AppShell';
import styles from './PublicProfile.module.css';
import { t, useDocumentTitle } from '../../i18n';

/**
 * A profile or an answer's link opened signed out: 'Authentication Required'. A screen of its own,
 * so a visitor from a shared link loads this much, not the profile's ask box and answers.
 */
export function SignedOutProfileScreen() {
  const { username = '' } = useParams();
  useDocumentTitle(t('titles.publicProfile', { username: username.toLowerCase() }));
  const movedTo = movedToOf(username);
  return (
    <PlainLayout>
      <div className={`screen ${styles.state}`}>
        <Lock size={56} color="var(--color-accent)" aria-hidden />
        <h1>{t('authRequired')}</h1>
        <p className="muted">{t('authRequiredText')}</p>
        {movedTo && <p role="note">{t('movedTo', { handle: movedTo })}</p>}
        <Link to="/login" className="btn btn-primary">
          {t('logInButton')}
        </Link>
      </div>
    </PlainLayout>
  );
}

/** Where a public profile moved, as the server wrote it in the page it served for this address (features/sharing/views.ts). */
function movedToOf(username: string): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="askbox:moved-to"]');
  return meta && meta.dataset.username?.toLowerCase() === username.toLowerCase() ? meta.content : null;
}
