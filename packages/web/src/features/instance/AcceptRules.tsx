import { Link } from 'react-router';
import styles from './Instance.module.css';
import { t } from '../../i18n';

/** Under the sign-up form: signing up accepts the instance's rules, one tap away. */
export function AcceptRules() {
  return (
    <p className={styles.accept}>
      {t('instance.acceptRulesPrefix')} <Link to="/rules">{t('instance.acceptRulesLink')}</Link>
    </p>
  );
}
