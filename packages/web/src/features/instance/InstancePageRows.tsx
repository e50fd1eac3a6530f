import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import { settingsRow } from '../../components/SettingsSection';
import { INSTANCE_PAGE_PATHS } from './paths';
import { t } from '../../i18n';

/** Settings' rows to About, Rules, Terms and Privacy. */
export function InstancePageRows() {
  return INSTANCE_PAGE_PATHS.map(({ slug, path }) => (
    <Link key={slug} className={settingsRow} to={path}>
      <FileText size={20} aria-hidden /> {t(`instance.${slug}`)}
    </Link>
  ));
}
