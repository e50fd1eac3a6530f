import { useEffect, useMemo, useState } from 'react';
import {
  IMAGE_SNIFF_BYTES,
  MAX_CONTENT_WARNING_LENGTH,
  MAX_PICTURE_ALT_LENGTH,
  MAX_UPLOAD_BYTES,
  clampText,
  isBlankText,
  sniffImageType,
} from '@askbox/common';
import { ErrorBox } from '../../components/ErrorBox';
import { t } from '../../i18n';
import styles from './AnswerExtras.module.css';

/** What the answer form holds besides the text: the content warning (on or off) and a picked picture with its alt text. */
export interface AnswerExtrasDraft {
  warningOn: boolean;
  warning: string;
  picture: File | null;
  alt: string;
}
export const emptyAnswerExtras: AnswerExtrasDraft = { warningOn: false, warning: '', picture: null, alt: '' };

/** The draft is ready to send: a picked picture has its alt text. */
export const answerExtrasReady = (draft: AnswerExtrasDraft) => !draft.picture || !isBlankText(draft.alt);

/** The content warning the answer sends (switched off or blank is none) and its picture with the alt text. */
export function answerExtrasBody(draft: AnswerExtrasDraft) {
  return {
    ...(draft.warningOn && !isBlankText(draft.warning) ? { contentWarning: draft.warning } : {}),
    ...(draft.picture ? { picture: { file: draft.picture, alt: draft.alt } } : {}),
  };
}

/** 'Content warning' and 'Add a picture' under an answer being written (decisions 315, 316). */
export function AnswerExtrasFields({ id, draft, onChange }: { id: string; draft: AnswerExtrasDraft; onChange: (draft: AnswerExtrasDraft) => void }) {
  const [pickError, setPickError] = useState<string | null>(null);
  const preview = useMemo(() => (draft.picture ? URL.createObjectURL(draft.picture) : null), [draft.picture]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onPick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ''; // picking the same file again after a refusal still reports it
    setPickError(null);
    if (!file) return;
    // the first bytes decide, as on the server
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    const refusal = !sniffImageType(head) ? t('errors.invalid_image') : file.size > MAX_UPLOAD_BYTES ? t('errors.file_too_large') : null;
    setPickError(refusal);
    if (!refusal) onChange({ ...draft, picture: file });
  };

  return (
    <div className={styles.fields}>
      <label className={styles.toggle}>
        <input type="checkbox" checked={draft.warningOn} onChange={(e) => onChange({ ...draft, warningOn: e.target.checked })} />
        {t('contentWarning')}
      </label>
      {/* a label above, not a placeholder: the whole sentence shows on a phone, and stays while typing */}
      {draft.warningOn && (
        <div className={styles.warningField}>
          <label htmlFor={`${id}-warning`} className="muted">
            {t('contentWarningPlaceholder')}
          </label>
          <input
            id={`${id}-warning`}
            className="input"
            value={draft.warning}
            onChange={(e) => onChange({ ...draft, warning: clampText(e.target.value.replace(/[\r\n]+/g, ' '), MAX_CONTENT_WARNING_LENGTH) })}
          />
        </div>
      )}
      {draft.picture && preview ? (
        <div className={styles.picked}>
          <img className={styles.preview} src={preview} alt="" />
          <div className={styles.pickedFields}>
            <label htmlFor={`${id}-alt`}>{t('pictureAlt')}</label>
            <textarea
              id={`${id}-alt`}
              className="textarea"
              placeholder={t('pictureAltPlaceholder')}
              value={draft.alt}
              required
              onChange={(e) => onChange({ ...draft, alt: clampText(e.target.value, MAX_PICTURE_ALT_LENGTH) })}
            />
            <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange({ ...draft, picture: null, alt: '' })}>
              {t('removePicture')}
            </button>
          </div>
        </div>
      ) : (
        <label className={`btn btn-secondary btn-small ${styles.pick}`}>
          {t('addPicture')}
          <input type="file" accept="image/*" className="visually-hidden" onChange={(e) => void onPick(e.target)} />
        </label>
      )}
      {pickError && <ErrorBox>{pickError}</ErrorBox>}
    </div>
  );
}
