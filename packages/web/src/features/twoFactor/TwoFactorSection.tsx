import { useState } from 'react';
import { KeyRound, ListRestart, ShieldCheck, ShieldOff } from 'lucide-react';
import { LoadError } from '../../components/LoadError';
import { Modal } from '../../components/Modal';
import { SettingsSection, settingsDangerRow, settingsExplanation, settingsRow } from '../../components/SettingsSection';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useDisableTwoFactor, useRenewRecoveryCodes, useTwoFactorStatus } from './api';
import { RecoveryCodesView } from './RecoveryCodesView';
import { useSecondFactorGate } from './SecondFactorGate';
import { TwoFactorSetupModal } from './TwoFactorSetupModal';
import styles from './TwoFactor.module.css';
import { t } from '../../i18n';

/**
 * Settings' 'Two-factor sign-in': off, a row to turn it on (TwoFactorSetupModal); on, the recovery
 * codes left, new ones, and turning it off. The last two ask for a code first when the last one
 * given is more than a few minutes old.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const gate = useSecondFactorGate();
  const disable = useDisableTwoFactor(gate.guard);
  const renew = useRenewRecoveryCodes(gate.guard);
  const { alert, confirm, toast } = useDialogs();
  const [settingUp, setSettingUp] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const onTurnOff = async () => {
    if (!(await confirm(t('twoFactor.confirmTurnOff'), { confirmLabel: t('twoFactor.turnOff'), danger: true }))) return;
    disable.mutate(undefined, { onSuccess: () => toast(t('twoFactor.turnedOff')), onError: (e) => void alert(errorMessage(e)) });
  };
  const onNewCodes = async () => {
    if (!(await confirm(t('twoFactor.confirmNewCodes'), { confirmLabel: t('twoFactor.newCodes') }))) return;
    renew.mutate(undefined, { onSuccess: (result) => setNewCodes(result.recoveryCodes), onError: (e) => void alert(errorMessage(e)) });
  };

  return (
    <SettingsSection id="settings-two-factor" title={t('twoFactor.title')}>
      {status.isPending ? (
        <Spinner label={t('twoFactor.loading')} />
      ) : status.isError ? (
        <LoadError error={status.error} fallback={t('twoFactor.loadError')} onRetry={() => void status.refetch()} />
      ) : status.data.enabled ? (
        <>
          <p className={styles.status}>
            <ShieldCheck size={18} aria-hidden /> {t('twoFactor.introOn')}
          </p>
          <p className={settingsExplanation}>{t('twoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}</p>
          <button type="button" className={settingsRow} onClick={() => void onNewCodes()} disabled={renew.isPending}>
            <ListRestart size={20} aria-hidden /> {t('twoFactor.newCodes')}
          </button>
          <button type="button" className={settingsDangerRow} onClick={() => void onTurnOff()} disabled={disable.isPending}>
            <ShieldOff size={20} aria-hidden /> {t('twoFactor.turnOff')}
          </button>
        </>
      ) : (
        <>
          <p className={settingsExplanation}>{t('twoFactor.introOff')}</p>
          <button type="button" className={settingsRow} onClick={() => setSettingUp(true)}>
            <KeyRound size={20} aria-hidden /> {t('twoFactor.turnOn')}
          </button>
        </>
      )}
      {settingUp && <TwoFactorSetupModal onClose={() => setSettingUp(false)} />}
      {newCodes && (
        <Modal title={t('twoFactor.codesTitle')} onClose={() => setNewCodes(null)}>
          <RecoveryCodesView codes={newCodes} onDone={() => setNewCodes(null)} />
        </Modal>
      )}
      {gate.dialog}
    </SettingsSection>
  );
}
