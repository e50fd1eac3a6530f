import { useRef, type ChangeEvent } from 'react';
import { Archive, Upload } from 'lucide-react';
import { settingsExplanation, settingsRow } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import type { SecondFactorGuard } from '../twoFactor/api';
import { t } from '../../i18n';
import { useDownloadArchive, useLatestImport, useStartImport } from './archiveApi';
import { ImportStatus } from './ImportStatus';
import styles from './Account.module.css';

/**
 * Settings › Account: download the account's archive, and import one made on another instance.
 * The file picker is a real file input reached by its own button (keyboard and screen readers
 * get a button); the import's state comes from the server, so it survives a reload.
 */
export function ArchiveRows({ guard }: { guard: SecondFactorGuard }) {
  const download = useDownloadArchive(guard);
  const start = useStartImport();
  const latest = useLatestImport();
  const input = useRef<HTMLInputElement>(null);
  const { alert } = useDialogs();
  const underWay = latest.data?.status === 'queued' || latest.data?.status === 'running';

  const onDownload = () => download.mutate(undefined, { onError: (e) => void alert(errorMessage(e, t('archive.downloadError'))) });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same file may be chosen again after a refusal
    event.target.value = '';
    if (file) start.mutate(file);
  };

  return (
    <>
      <button type="button" className={settingsRow} onClick={onDownload} disabled={download.isPending} aria-busy={download.isPending}>
        <Archive size={20} aria-hidden /> <span className={styles.rowLabel}>{download.isPending ? t('archive.downloading') : t('archive.download')}</span>
      </button>
      <button
        type="button"
        className={settingsRow}
        onClick={() => input.current?.click()}
        disabled={start.isPending || underWay}
        aria-describedby="import-archive-hint"
      >
        <Upload size={20} aria-hidden /> <span className={styles.rowLabel}>{t('archive.importButton')}</span>
      </button>
      <input ref={input} type="file" accept=".tar.gz,.tgz,application/gzip" hidden aria-label={t('archive.fileLabel')} onChange={onFile} />
      <p id="import-archive-hint" className={settingsExplanation}>
        {t('archive.importHint')}
      </p>
      <ImportStatus job={latest.data ?? null} checking={start.isPending} refusal={start.isError ? errorMessage(start.error) : null} />
    </>
  );
}
