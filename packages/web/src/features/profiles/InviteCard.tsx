import { lazy, Suspense } from 'react';
import { Copy, Share2 } from 'lucide-react';

import { useViewer } from '../session/api';
import { canWebShare, useCopyLink, useProfileLink, webShare } from './share';
import styles from './InviteCard.module.css';
import { t } from '../../i18n';

// the QR encoder loads with the card, not with the first screen
const QrCode = lazy(() => import('./QrCode').then((m) => ({ default: m.QrCode })));

/** 'Invite your friends': the viewer's own profile link, to copy or share, and its QR code (the Friends screen). */
export function InviteCard() {
  const me = useViewer();
  const link = useProfileLink(me.username);
  const copyLink = useCopyLink();
  return (
    <section className={`card ${styles.invite}`} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.title}>
        {t('inviteFriends')}
      </h2>
      <p className={styles.link} data-testid="share-link">
        {link}
      </p>
      <Suspense fallback={null}>
        <QrCode text={link} label={t('profileQrCode')} />
      </Suspense>
      <div className={styles.buttons}>
        <button type="button" className="btn btn-primary btn-small" onClick={() => void copyLink(link, t('linkCopied'))}>
          <Copy size={16} aria-hidden /> {t('copyLink')}
        </button>
        {canWebShare() && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void webShare({ title: t('appName'), text: t('inviteShareText'), url: link })}
          >
            <Share2 size={16} aria-hidden /> {t('shareButton')}
          </button>
        )}
      </div>
    </section>
  );
}
