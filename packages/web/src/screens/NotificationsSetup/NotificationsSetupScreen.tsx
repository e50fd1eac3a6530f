import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BellOff, BellRing } from 'lucide-react';

import { PlainLayout } from '../../app/AppShell';
import { useAppConfig, useMe } from '../../features/session/api';
import { isPushSupported, rememberSetupSkipped, setupSkipped, subscribeThisDevice } from '../../features/push/api';
import { useRevealed } from '../../components/revealed';
import styles from '../Auth.module.css';
import { t, useDocumentTitle } from '../../i18n';

/** Without push support, move on to /home after 2 s. */
const UNSUPPORTED_REDIRECT_MS = 2000;

/**
 * Asks for push permission after sign-in; every way out (enable, skip, failure) ends on /home.
 * Skipped once on this device, or already granted, it goes straight on.
 */
export function NotificationsSetupScreen() {
  useDocumentTitle(t('titles.notificationsSetup'));
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const { data: me } = useMe();
  const [supported] = useState(isPushSupported);
  const [busy, setBusy] = useState(false);
  const goHome = useCallback(() => void navigate('/home', { replace: true }), [navigate]);

  // the screen mounts under the splash (decision 147): its 2 s count from when it can be seen
  const revealed = useRevealed();
  const alreadyGranted = supported && Notification.permission === 'granted';
  const [skippedBefore] = useState(() => !!me && setupSkipped(me.id));
  useEffect(() => {
    if (!supported) {
      if (!revealed) return undefined;
      const timer = setTimeout(goHome, UNSUPPORTED_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (alreadyGranted || skippedBefore) goHome();
    return undefined;
  }, [supported, alreadyGranted, skippedBefore, goHome, revealed]);

  const skip = () => {
    if (me) rememberSetupSkipped(me.id);
    goHome();
  };

  const enable = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'granted' && config?.vapidPublicKey) await subscribeThisDevice(config.vapidPublicKey);
    } catch (error) {
      // spec: failure to enable goes to /home all the same
      console.warn('could not enable notifications', error);
    } finally {
      goHome();
    }
  };

  // skipped before: nothing to show on the way to /home
  if (skippedBefore && supported) return null;

  if (!supported) {
    return (
      <Prompt icon={<BellOff size={72} color="var(--color-text-muted)" aria-hidden />} title={t('notificationsNotSupported')}>
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary btn-block" onClick={goHome}>
            {t('continueNow')}
          </button>
        </div>
      </Prompt>
    );
  }

  return (
    <Prompt icon={<BellRing size={72} color="var(--color-accent)" aria-hidden />} title={t('turnOnNotifications')}>
      <p className={styles.tagline}>{t('notificationsPitch')}</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary btn-block" onClick={() => void enable()} disabled={busy || alreadyGranted}>
          {t('enableNotifications')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={skip} disabled={busy}>
          {t('skipForNow')}
        </button>
      </div>
    </Prompt>
  );
}

function Prompt({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <PlainLayout>
      <div className={styles.onboarding}>
        {icon}
        <h1 className={styles.title} style={{ marginTop: 'var(--space-5)' }}>
          {title}
        </h1>
        {children}
      </div>
    </PlainLayout>
  );
}
