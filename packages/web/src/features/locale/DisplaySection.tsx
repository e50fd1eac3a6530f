import { SettingsSection } from '../../components/SettingsSection';
import { t } from '../../i18n';
import { ThemeRow } from '../theme/ThemeRow';
import { LanguageRow } from './LanguageRow';

/** Settings › Display: the interface's language (and, beside it, the theme). */
export function DisplaySection() {
  return (
    <SettingsSection id="settings-display" title={t('display')}>
      <LanguageRow />
      <ThemeRow />
    </SettingsSection>
  );
}
