import { useId, useState, type FormEvent } from 'react';
import { Copy, Download, Mail } from 'lucide-react';

import { Modal } from '../../components/Modal';
import { useCopyLink } from '../profiles/api';
import { cardFileName, currentCardTheme, storyCardUrl, useAnswerLink, type SharedAnswer } from './shareAnswer';
import { NETWORK_NAMES, mastodonServerOf, rememberMastodonServer, rememberedMastodonServer, shareLink } from './shareLinks';
import styles from './Sharing.module.css';
import { t } from '../../i18n';

/**
 * The share sheet where the system's cannot take the image: copy the link, download the image,
 * or open a network's compose page. A private profile's answer has no public page: only its
 * image, with a note saying so.
 */
export function ShareSheet({ answer, onClose }: { answer: SharedAnswer; onClose(): void }) {
  const link = useAnswerLink(answer);
  const copyLink = useCopyLink();
  const text = t('answerShareText', { fullname: answer.fullname });
  const download = (
    <a className="btn btn-secondary" href={storyCardUrl(answer, currentCardTheme())} download={cardFileName(answer)}>
      <Download size={18} aria-hidden /> {t('downloadImage')}
    </a>
  );

  return (
    <Modal title={t('shareAnswer')} onClose={onClose}>
      <div className={styles.sheet}>
        {answer.isPublic ? (
          <>
            <button type="button" className="btn btn-primary" onClick={() => void copyLink(link, t('linkCopied'))}>
              <Copy size={18} aria-hidden /> {t('copyLink')}
            </button>
            {download}
            <ul className={styles.networks} aria-label={t('shareAnswer')}>
              <li>
                <MastodonShare text={text} url={link} />
              </li>
              {(['bluesky', 'x', 'whatsapp', 'telegram'] as const).map((network) => (
                <li key={network}>
                  <a className="btn btn-secondary" href={shareLink(network, { text, url: link })} target="_blank" rel="noopener noreferrer">
                    {t('shareOn', { network: NETWORK_NAMES[network] })}
                  </a>
                </li>
              ))}
              <li>
                <a className="btn btn-secondary" href={shareLink('email', { text, url: link })}>
                  <Mail size={18} aria-hidden /> {t('shareByEmail')}
                </a>
              </li>
            </ul>
          </>
        ) : (
          <>
            {download}
            <p className="muted">{t('privateShareNote')}</p>
          </>
        )}
      </div>
    </Modal>
  );
}

/** Mastodon: the compose page of the user's own server, asked once and remembered on this device. */
function MastodonShare({ text, url }: { text: string; url: string }) {
  const [server, setServer] = useState(rememberedMastodonServer);
  const [asking, setAsking] = useState(false);
  const [draft, setDraft] = useState(server ?? '');
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const label = t('shareOn', { network: NETWORK_NAMES.mastodon });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = mastodonServerOf(draft);
    setInvalid(!chosen);
    if (!chosen) return;
    rememberMastodonServer(chosen);
    setServer(chosen);
    setAsking(false);
    window.open(shareLink('mastodon', { text, url }, chosen), '_blank', 'noopener,noreferrer');
  };

  if (asking)
    return (
      <form className={styles.mastodon} onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-server`}>{t('mastodonServer')}</label>
        <input
          id={`${id}-server`}
          className="input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="mastodon.social"
          autoComplete="url"
          inputMode="url"
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          autoFocus
        />
        {invalid && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {t('mastodonServerInvalid')}
          </p>
        )}
        <button type="submit" className="btn btn-primary">
          {label}
        </button>
      </form>
    );
  if (!server)
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span className={styles.mastodonChosen}>
      <a className="btn btn-secondary" href={shareLink('mastodon', { text, url }, server)} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
      <button type="button" className="btn btn-ghost btn-small" aria-label={`${t('mastodonServer')}: ${server}`} onClick={() => setAsking(true)}>
        {server}
      </button>
    </span>
  );
}
