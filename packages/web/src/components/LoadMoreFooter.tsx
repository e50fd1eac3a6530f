import { BouncingDots } from './Spinner';
import { t } from '../i18n';

/** 'Scroll for more' with the bouncing dots, shown while more pages exist. */
export function LoadMoreFooter() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: 'var(--space-4)' }} className="muted">
      <span>{t('scrollForMore')}</span>
      <BouncingDots />
    </div>
  );
}
