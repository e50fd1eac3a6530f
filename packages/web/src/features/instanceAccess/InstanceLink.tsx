import { Link } from 'react-router';
import { ChevronRight, Server } from 'lucide-react';
import { t } from '../../i18n';

/** The Admin Features card's row to Settings › Instance. */
export function InstanceLink({ className, labelClassName }: { className: string; labelClassName: string }) {
  return (
    <Link to="/settings/instance" className={className}>
      <Server size={20} aria-hidden />
      <span className={labelClassName}>{t('instanceAccess.instance')}</span>
      <ChevronRight size={18} aria-hidden />
    </Link>
  );
}
