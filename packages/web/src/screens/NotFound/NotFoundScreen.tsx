import { Link } from 'react-router';
import { PlainLayout } from '../../app/AppShell';
import { t, useDocumentTitle } from '../../i18n';

export function NotFoundScreen() {
  useDocumentTitle(t('titles.notFound'));
  return (
    <PlainLayout>
      <div className="screen" style={{ textAlign: 'center', paddingTop: 'var(--space-6)' }}>
        <h1>{t('pageNotFound')}</h1>
        <p className="muted">{t('pageNotFoundText')}</p>
        <Link to="/" className="btn btn-primary">
          {t('goHome')}
        </Link>
      </div>
    </PlainLayout>
  );
}
