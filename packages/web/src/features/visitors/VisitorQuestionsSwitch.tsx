import { SettingSwitch, settingsExplanation } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useAppConfig } from '../session/api';
import { useSetting } from '../settings/api';
import { t } from '../../i18n';

/**
 * Settings › Outside Askbox: 'Let people without an account ask me' (decision 305), shown with a
 * public profile only and only where the instance allows it (VISITOR_QUESTIONS=on). Their
 * questions arrive as anonymous questions; turning it off closes the signed-out ask box at once.
 */
export function VisitorQuestionsSwitch() {
  const config = useAppConfig();
  const setting = useSetting('visitorQuestions');
  const { alert } = useDialogs();
  if (!config.data?.visitorQuestions) return null;
  return (
    <>
      <SettingSwitch
        label={t('visitorQuestions')}
        checked={setting.value ?? false}
        disabled={setting.isLoading}
        describedBy="visitor-questions-explanation"
        onChange={(on) => setting.set(on, { onError: () => void alert(t('safety.settingError')) })}
      />
      <p id="visitor-questions-explanation" className={settingsExplanation}>
        {t('visitorQuestionsExplanation')}
      </p>
    </>
  );
}
