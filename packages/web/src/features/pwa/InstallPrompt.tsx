import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { Download, EllipsisVertical, PlusSquare, Share, X } from 'lucide-react';
import { PWA_PROMPT_DELAY_MS } from '@askbox/common';
import { useRevealed } from '../../components/revealed';
import { getInstallEvent, showBrowserInstallPrompt, subscribeInstallEvent } from './installEvent';
import { isIos, rememberInstallPromptShown, shouldShowInstallPrompt } from './promptSchedule';
import styles from './InstallPrompt.module.css';
import { RichText } from '../../components/RichText';
import { t } from '../../i18n';

/**
 * Escape anywhere on the page closes the sheet: it never takes the focus (it is not modal), and
 * a keyboard user should not have to tab through the whole feed, under a sheet that covers the
 * bottom of the page, to reach its buttons. An Escape something else handled (a modal) is theirs.
 */
function useEscapeCloses(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !event.isComposing) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);
}

/**
 * Focus inside the sheet goes back where it came from when the sheet closes (its buttons vanish
 * with it and would leave the focus nowhere); to the page's start (<body>) when that is gone too.
 */
function useFocusReturn() {
  const sheet = useRef<HTMLElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !sheet.current?.contains(from)) cameFrom.current = from;
  };
  const giveFocusBack = useCallback(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || !sheet.current?.contains(focused)) return;
    if (cameFrom.current?.isConnected) cameFrom.current.focus();
    else focused.blur();
  }, []);
  return { sheet, onFocus, giveFocusBack };
}

/** The PWA install prompt on /home: 3 s after load, once per 30 days, not when installed. */
export function InstallPrompt() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const installEvent = useSyncExternalStore(subscribeInstallEvent, getInstallEvent);
  const revealed = useRevealed();
  const { sheet, onFocus, giveFocusBack } = useFocusReturn();
  const close = useCallback(() => {
    giveFocusBack();
    setOpen(false);
  }, [giveFocusBack]);
  useEscapeCloses(open, close);

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
  // one click to the browser's own install dialog, where the browser offers it (Chromium, Android)
  const onInstall = () => {
    close();
    void showBrowserInstallPrompt();
  };
  const canInstall = !ios && installEvent !== null;

  return (
    // not modal (decision 122): it appears 3 s after load, so it must not take the focus or block
    // the page the user is already using; a sheet above the tab bar, Escape or its buttons close it
    <section ref={sheet} className={styles.sheet} role="dialog" aria-modal="false" aria-labelledby={titleId} onFocus={onFocus}>
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
