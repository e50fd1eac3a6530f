import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Download, EllipsisVertical, PlusSquare, Share, X } from 'lucide-react';
import { PWA_PROMPT_DELAY_MS } from '@askbox/common';
import { useRevealed } from '../../components/revealed';
import { getInstallEvent, showBrowserInstallPrompt, subscribeInstallEvent } from './installEvent';
import { isIos, rememberInstallPromptShown, shouldShowInstallPrompt } from './promptSchedule';
import styles from './InstallPrompt.module.css';
import { RichText } from '../../components/RichText';
import { t } from '../../i18n';

/** The PWA install prompt on /home (spec §4): 3 s after load, once per 30 days, not when installed. */
export function InstallPrompt() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
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
    // not modal (decision 122): it appears 3 s after load, so it must not take the focus or block
    // the page the user is already using; a sheet above the tab bar, Escape or its buttons close it
    <section className={styles.sheet} role="dialog" aria-modal="false" aria-labelledby={titleId} onKeyDown={(event) => event.key === 'Escape' && close()}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t('pwaTitle')}
        </h2>
        <button type="button" className="icon-btn" aria-label={t('close')} onClick={close}>
          <X size={22} aria-hidden />
        </button>
      </header>
      {/* the spec's own French, in every catalog */}
      <div className={styles.body} lang="fr">
        <img src="/icons/icon-192.png" alt="" width={64} height={64} className={styles.icon} />
        <p className={styles.lead}>{t('pwaIntro')}</p>
        {ios ? (
          <ol className={styles.steps}>
            <li>
              <RichText text={t('pwaIosStep1')} icon={<Share size={18} aria-label={t('pwaIosShareIcon')} className={styles.inlineIcon} />} />
            </li>
            <li>
              <RichText text={t('pwaIosStep2')} icon={<PlusSquare size={18} aria-hidden className={styles.inlineIcon} />} />
            </li>
            <li>
              <RichText text={t('pwaIosStep3')} />
            </li>
          </ol>
        ) : canInstall ? (
          <>
            <button type="button" className="btn btn-primary btn-block" onClick={onInstall}>
              <Download size={18} aria-hidden />
              {t('pwaInstallNow')}
            </button>
            <p className={styles.hint}>{t('pwaInstallConfirmHint')}</p>
          </>
        ) : (
          <ol className={styles.steps}>
            <li>
              <RichText text={t('pwaAndroidStep1')} icon={<EllipsisVertical size={18} aria-label={t('pwaAndroidMenuIcon')} className={styles.inlineIcon} />} />
            </li>
            <li>
              <RichText text={t('pwaAndroidStep2')} />
            </li>
          </ol>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('pwaLater')}
          </button>
          <button type="button" className={`btn ${canInstall ? 'btn-secondary' : 'btn-primary'}`} onClick={close}>
            {t('pwaGotIt')}
          </button>
        </div>
      </div>
    </section>
  );
}
