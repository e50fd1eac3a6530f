import { Link } from 'react-router';

import { PlainLayout } from '../../app/AppShell';
import { InstancePageLinks } from '../../features/instance/InstancePageLinks';
import styles from '../Auth.module.css';
import { t, useDocumentTitle } from '../../i18n';

export function OnboardingScreen() {
  useDocumentTitle(t('titles.onboarding'));
  return (
    <PlainLayout>
      <div className={styles.onboarding}>
        {/* the brand gradient: Askbox's signature, as on default covers and generated avatars */}
        <div className={styles.hero} data-testid="brand-hero">
          <img src="/images/logo.svg" alt={t('logoAlt')} width={120} height={120} />
          <h1 className={styles.brand}>{t('appName')}</h1>
          <p className={styles.tagline}>{t('tagline')}</p>
        </div>
        <div className={styles.actions}>
          <Link to="/signup" className="btn btn-primary btn-block" role="button">
            {t('signUp')}
          </Link>
          <Link to="/login" className="btn btn-secondary btn-block" role="button">
            {t('logIn')}
          </Link>
        </div>
        <InstancePageLinks />
      </div>
    </PlainLayout>
  );
}
