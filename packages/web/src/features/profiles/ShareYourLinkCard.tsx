import { lazy, Suspense, useId, useState } from 'react';
import { Copy, QrCode as QrIcon, Share2 } from 'lucide-react';

import { canWebShare, useCopyLink, useProfileLink, webShare } from './share';
import styles from './InviteCard.module.css';
import { t } from '../../i18n';

// the QR encoder loads when asked for, not with the profile
const QrCode = lazy(() => import('./QrCode').then((m) => ({ default: m.QrCode })));

/**
 * 'Share your link', where someone else's profile has its ask box: the owner's own link to copy or
 * share, its QR code on demand. Small, so the owner's answers start on the first screen.
 */
export function ShareYourLinkCard({ username, fullname }: { username: string; fullname: string }) {
  const link = useProfileLink(username);
  const copyLink = useCopyLink();
  const [qrShown, setQrShown] = useState(false);
  const id = useId();
  return (
    <section className={`card ${styles.invite} ${styles.shareYourLink}`} aria-labelledby={`${id}-title`} data-testid="share-your-link">
      <h2 id={`${id}-title`} className={styles.title}>
        {t('shareYourLink')}
      </h2>
      <p className={styles.hint}>{t('shareYourLinkHint')}</p>
      <p className={styles.link} data-testid="share-link">
        {link}
      </p>
      <div className={styles.buttons}>
        <button type="button" className="btn btn-primary btn-small" onClick={() => void copyLink(link, t('profileLinkCopied'))}>
          <Copy size={16} aria-hidden /> {t('copyLink')}
        </button>
        {canWebShare() && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void webShare({ title: fullname, text: t('inviteShareText'), url: link })}
          >
            <Share2 size={16} aria-hidden /> {t('shareButton')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-expanded={qrShown}
          aria-controls={`${id}-qr`}
          onClick={() => setQrShown((shown) => !shown)}
        >
          <QrIcon size={16} aria-hidden /> {t('showQrCode')}
        </button>
      </div>
      <div id={`${id}-qr`} className={styles.qrSlot} hidden={!qrShown}>
        {qrShown && (
          <Suspense fallback={null}>
            <QrCode text={link} label={t('profileQrCode')} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
