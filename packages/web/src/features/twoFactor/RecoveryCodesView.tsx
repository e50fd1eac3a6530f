import { Download } from 'lucide-react';
import { useViewer } from '../session/api';
import styles from './TwoFactor.module.css';
import { t } from '../../i18n';

/** Hands the codes to the browser as a text file: one per line, under a line saying what they are. */
function downloadCodes(codes: readonly string[], username: string) {
  const text = `${t('twoFactor.fileHeader', { username, host: window.location.host })}\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `askbox-recovery-codes-${username}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The ten recovery codes, shown once: a list to copy, a text file to keep, and 'I have saved them'. */
export function RecoveryCodesView({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const viewer = useViewer();
  return (
    <div>
      <p>{t('twoFactor.codesIntro')}</p>
      <ul className={styles.codes} aria-label={t('twoFactor.codesListLabel')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={() => downloadCodes(codes, viewer.username)}>
          <Download size={18} aria-hidden /> {t('twoFactor.download')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('twoFactor.saved')}
        </button>
      </div>
    </div>
  );
}
