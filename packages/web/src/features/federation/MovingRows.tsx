import { useState } from 'react';
import { ArrowRightLeft, LogIn } from 'lucide-react';
import { settingsExplanation, settingsRow } from '../../components/SettingsSection';
import { useAppConfig, useMe } from '../session/api';
import { useAccountMoving } from './movingApi';
import { MovingFromModal } from './MovingFromModal';
import { MoveAccountModal } from './MoveAccountModal';
import styles from './Federation.module.css';
import { t } from '../../i18n';

/**
 * Settings › Outside Askbox, with a public profile on a federating server: name the old fediverse
 * accounts this one also is, and move to a new account. Once moved, the section says where.
 */
export function MovingRows() {
  const [open, setOpen] = useState<'from' | 'to' | null>(null);
  const moving = useAccountMoving();
  const me = useMe();
  const config = useAppConfig();
  const host = new URL(config.data?.publicUrl ?? window.location.origin).host;
  const ownHandle = me.data ? `@${me.data.username}@${host}` : '';
  const movedTo = moving.data?.movedTo ?? null;
  const close = () => setOpen(null);

  return (
    <>
      <button type="button" className={settingsRow} onClick={() => setOpen('from')}>
        <LogIn size={20} aria-hidden /> <span className={styles.rowLabel}>{t('moving.fromButton')}</span>
      </button>
      <button type="button" className={settingsRow} onClick={() => setOpen('to')}>
        <ArrowRightLeft size={20} aria-hidden /> <span className={styles.rowLabel}>{t('moving.toButton')}</span>
      </button>
      {movedTo && <p className={settingsExplanation}>{t('movedTo', { handle: movedTo.handle })}</p>}
      {open === 'from' && <MovingFromModal aliases={moving.data?.aliases ?? []} onClose={close} />}
      {open === 'to' && <MoveAccountModal ownHandle={ownHandle} onClose={close} />}
    </>
  );
}
