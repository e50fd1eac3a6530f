import { useEffect, useId, useRef, useState } from 'react';
import { clampText, isBlankText } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { RemainingCharacters } from '../../components/RemainingCharacters';
import { useMaxTextLength } from '../session/api';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useSendGlobalQuestion } from './api';
import styles from './AdminCard.module.css';
import { t } from '../../i18n';

/** The admin's global-question modal: closed → open → sending → closed with the success alert. */
export function GlobalQuestionModal({ onClose }: { onClose(): void }) {
  const [text, setText] = useState('');
  const maxTextLength = useMaxTextLength();
  const send = useSendGlobalQuestion();
  const dialogs = useDialogs();
  const fieldId = useId();
  const counterId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // Modal focuses its container when it opens (its effect runs first): the admin came to type
  useEffect(() => textareaRef.current?.focus(), []);
  const blank = isBlankText(text);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (blank || send.isPending) return;
    send.mutate(
      { text: text.trim() },
      {
        onSuccess: ({ count }) => {
          onClose();
          void dialogs.alert(t('globalQuestionSent', { count }));
        },
        onError: () => void dialogs.alert(t('errorGlobalQuestion')),
      },
    );
  };

  // closing while the send runs would hide its outcome: wait for it
  const close = () => !send.isPending && onClose();

  return (
    <Modal title={t('sendGlobalQuestion')} onClose={close}>
      <form onSubmit={onSubmit}>
        <p className={styles.intro}>{t('globalQuestionText')}</p>
        <div className="field">
          <label htmlFor={fieldId}>{t('questionLabel')}</label>
          <textarea
            id={fieldId}
            className="textarea"
            value={text}
            onChange={(e) => setText(clampText(e.target.value, maxTextLength))}
            aria-describedby={counterId}
            ref={textareaRef}
            disabled={send.isPending}
          />
          <RemainingCharacters id={counterId} text={text} max={maxTextLength} />
        </div>
        {send.isPending && (
          <div className={`hint ${styles.progress}`}>
            <Spinner size={16} label={t('sending')} />
            <span>{t('globalQuestionWorking')}</span>
          </div>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={send.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={blank || send.isPending}>
            {send.isPending ? t('sending') : t('sendToAllUsers')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
