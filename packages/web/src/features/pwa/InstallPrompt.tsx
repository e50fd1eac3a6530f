import { useEffect, useState, useSyncExternalStore } from 'react';
import { Download, EllipsisVertical, PlusSquare, Share } from 'lucide-react';
import { PWA_PROMPT_DELAY_MS, messages } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { useRevealed } from '../../components/revealed';
import { getInstallEvent, showBrowserInstallPrompt, subscribeInstallEvent } from './installEvent';
import { isIos, rememberInstallPromptShown, shouldShowInstallPrompt } from './promptSchedule';
import { pwaTexts } from './texts';
import styles from './InstallPrompt.module.css';

const TITLE = 'Installer Askbox';

/** The PWA install prompt on /home (spec §4): 3 s after load, once per 30 days, not when installed. */
export function InstallPrompt() {
  const [open, setOpen] = useState(false);
  const installEvent = useSyncExternalStore(subscribeInstallEvent, getInstallEvent);
  const revealed = useRevealed();

  useEffect(() => {
    if (!revealed || !shouldShowInstallPrompt()) return;
    const timer = setTimeout(() => {
      rememberInstallPromptShown();
      setOpen(true);
    }, PWA_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revealed]);

  if (!open) return null;
  const ios = isIos();
  const close = () => setOpen(false);
  // one click to the browser's own install dialog, where the browser offers it (Chromium, Android)
  const onInstall = () => {
    close();
    void showBrowserInstallPrompt();
  };
  const canInstall = !ios && installEvent !== null;

  return (
    <Modal title={TITLE} onClose={close}>
      <div className={styles.body} lang="fr">
        <img src="/icons/icon-192.png" alt="" width={64} height={64} className={styles.icon} />
        <p className={styles.lead}>
          Ajoutez Askbox à votre écran d'accueil : l'app s'ouvre en plein écran, comme une vraie application, et vous recevez vos notifications.
        </p>
        {ios ? (
          <ol className={styles.steps}>
            <li>
              Touchez le bouton <strong>Partager</strong> <Share size={18} aria-label="(icône Partager)" className={styles.inlineIcon} /> en bas de Safari.
            </li>
            <li>
              Choisissez <strong>Sur l'écran d'accueil</strong> <PlusSquare size={18} aria-hidden className={styles.inlineIcon} />.
            </li>
            <li>
              Touchez <strong>Ajouter</strong> en haut à droite.
            </li>
          </ol>
        ) : canInstall ? (
          <>
            <button type="button" className="btn btn-primary btn-block" onClick={onInstall}>
              <Download size={18} aria-hidden />
              {pwaTexts.installNow}
            </button>
            <p className={styles.hint}>{pwaTexts.installHint}</p>
          </>
        ) : (
          <ol className={styles.steps}>
            <li>
              Ouvrez le menu <EllipsisVertical size={18} aria-label="(menu ⋮)" className={styles.inlineIcon} /> de votre navigateur.
            </li>
            <li>
              Choisissez <strong>Installer l'application</strong> ou <strong>Ajouter à l'écran d'accueil</strong>.
            </li>
          </ol>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close}>
            {messages.pwaLater}
          </button>
          <button type="button" className={`btn ${canInstall ? 'btn-secondary' : 'btn-primary'}`} onClick={close}>
            {messages.pwaGotIt}
          </button>
        </div>
      </div>
    </Modal>
  );
}
