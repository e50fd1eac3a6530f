import { useState } from 'react';
import { AtSign, Download, KeyRound, Trash2 } from 'lucide-react';
import { settingsDangerRow, settingsRow } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useExportData } from './api';
import { useSecondFactorGate } from '../twoFactor/SecondFactorGate';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ChangeUsernameModal } from './ChangeUsernameModal';
import { useAppConfig, useMe } from '../session/api';
import { DeleteAccountModal } from './DeleteAccountModal';
import { ArchiveRows } from './ArchiveRows';
import styles from './Account.module.css';
import { t } from '../../i18n';

/** The rows of Settings › Account that manage the account itself (Logout stays with the screen). */
export function AccountRows() {
  const [open, setOpen] = useState<'username' | 'password' | 'delete' | null>(null);
  const { data: me } = useMe();
  const config = useAppConfig();
  const gate = useSecondFactorGate();
  const exportData = useExportData(gate.guard);
  const { alert } = useDialogs();
  const close = () => setOpen(null);

  const onExport = () => exportData.mutate(undefined, { onError: (e) => void alert(errorMessage(e, t('selfService.exportError'))) });

  return (
    <>
      {config.data?.usernameChanges && (
        <button type="button" className={settingsRow} onClick={() => setOpen('username')}>
          <AtSign size={20} aria-hidden /> <span className={styles.rowLabel}>{t('selfService.changeUsername')}</span>
        </button>
      )}
      <button type="button" className={settingsRow} onClick={() => setOpen('password')}>
        <KeyRound size={20} aria-hidden /> <span className={styles.rowLabel}>{t('selfService.changePassword')}</span>
      </button>
      <button type="button" className={settingsRow} onClick={onExport} disabled={exportData.isPending} aria-busy={exportData.isPending}>
        <Download size={20} aria-hidden />{' '}
        <span className={styles.rowLabel}>{exportData.isPending ? t('selfService.exporting') : t('selfService.exportData')}</span>
      </button>
      <ArchiveRows guard={gate.guard} />
      <button type="button" className={settingsDangerRow} onClick={() => setOpen('delete')}>
        <Trash2 size={20} aria-hidden /> <span className={styles.rowLabel}>{t('selfService.deleteAccount')}</span>
      </button>
      {open === 'username' && me && <ChangeUsernameModal current={me.username} onClose={close} />}
      {open === 'password' && <ChangePasswordModal onClose={close} />}
      {open === 'delete' && <DeleteAccountModal onClose={close} />}
      {gate.dialog}
    </>
  );
}
