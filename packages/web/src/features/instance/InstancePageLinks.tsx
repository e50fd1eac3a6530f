import { Link } from 'react-router';
import { INSTANCE_PAGE_PATHS } from './paths';
import styles from './Instance.module.css';
import { t } from '../../i18n';

/** About, Rules, Terms, Privacy: under the onboarding's buttons and in Settings. */
export function InstancePageLinks() {
  return (
    <nav className={styles.links} aria-label={t('instance.pagesLabel')}>
      {INSTANCE_PAGE_PATHS.map(({ slug, path }) => (
        <Link key={slug} to={path}>
          {t(`instance.${slug}`)}
        </Link>
      ))}
    </nav>
  );
}
