import { useState } from 'react';
import { Download, KeyRound, Trash2 } from 'lucide-react';
import { settingsDangerRow, settingsRow } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useExportData } from './api';
import { useSecondFactorGate } from '../twoFactor/SecondFactorGate';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DeleteAccountModal } from './DeleteAccountModal';
import styles from './Account.module.css';
import { t } from '../../i18n';

/** The rows of Settings › Account that manage the account itself (Logout stays with the screen). */
export function AccountRows() {
  const [open, setOpen] = useState<'password' | 'delete' | null>(null);
  const gate = useSecondFactorGate();
  const exportData = useExportData(gate.guard);
  const { alert } = useDialogs();
  const close = () => setOpen(null);

  const onExport = () => exportData.mutate(undefined, { onError: (e) => void alert(errorMessage(e, t('selfService.exportError'))) });

  return (
    <>
      <button type="button" className={settingsRow} onClick={() => setOpen('password')}>
        <KeyRound size={20} aria-hidden /> <span className={styles.rowLabel}>{t('selfService.changePassword')}</span>
      </button>
      <button type="button" className={settingsRow} onClick={onExport} disabled={exportData.isPending} aria-busy={exportData.isPending}>
        <Download size={20} aria-hidden />{' '}
        <span className={styles.rowLabel}>{exportData.isPending ? t('selfService.exporting') : t('selfService.exportData')}</span>
      </button>
      <button type="button" className={settingsDangerRow} onClick={() => setOpen('delete')}>
        <Trash2 size={20} aria-hidden /> <span className={styles.rowLabel}>{t('selfService.deleteAccount')}</span>
      </button>
      {open === 'password' && <ChangePasswordModal onClose={close} />}
      {open === 'delete' && <DeleteAccountModal onClose={close} />}
      {gate.dialog}
    </>
  );
}
