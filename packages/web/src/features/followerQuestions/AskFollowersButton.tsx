import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { clampText, FOLLOWER_QUESTIONS_PER_DAY, isBlankText, MAX_TEXT_LENGTH } from '@askbox/common';
import { errorMessage } from '../../api/client';
import { Modal } from '../../components/Modal';
import { RemainingCharacters } from '../../components/RemainingCharacters';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useAskFollowers } from './api';
import styles from './AskFollowers.module.css';
import { t } from '../../i18n';

/** The Questions screen's 'Ask my followers' button and its dialog (the ask box and 'Ask anonymously'). */
export function AskFollowersButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-small btn-secondary" onClick={() => setOpen(true)}>
        {t('askFollowers.button')}
      </button>
      {open && <AskFollowersDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The dialog alone, possibly with a question already written (an idea from 'Need inspiration?'). */
export function AskFollowersDialog({ onClose, initialText = '' }: { onClose(): void; initialText?: string }) {
  const [text, setText] = useState(initialText);
  const [isAnonymous, setIsAnonymous] = useState(true);
  const send = useAskFollowers();
  const dialogs = useDialogs();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  // the dialog focuses itself when it opens: the person came to type
  useEffect(() => textarea.current?.focus(), []);
  const blank = isBlankText(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || send.isPending) return;
    send.mutate(
      { text, isAnonymous },
      {
        onSuccess: () => {
          onClose();
          dialogs.toast(t('askFollowers.sent'));
        },
        // the text stays for another try
        onError: (error) => void dialogs.alert(errorMessage(error)),
      },
    );
  };
  const close = () => !send.isPending && onClose();

  return (
    <Modal title={t('askFollowers.title')} onClose={close}>
      <form onSubmit={onSubmit}>
        <p className={styles.intro}>{t('askFollowers.intro', { count: FOLLOWER_QUESTIONS_PER_DAY })}</p>
        <div className="field">
          <label htmlFor={`${id}-text`}>{t('questionLabel')}</label>
          <textarea
            id={`${id}-text`}
            ref={textarea}
            className="textarea"
            value={text}
            onChange={(e) => setText(clampText(e.target.value, MAX_TEXT_LENGTH))}
            aria-describedby={`${id}-count`}
            disabled={send.isPending}
          />
          <div className={styles.row}>
            <label className={styles.check}>
              <input type="checkbox" checked={isAnonymous} onChange={(e) => setIsAnonymous(e.target.checked)} />
              {t('askAnonymously')}
            </label>
            <RemainingCharacters id={`${id}-count`} text={text} />
          </div>
        </div>
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={send.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={blank || send.isPending}>
            {send.isPending ? t('sending') : t('askFollowers.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
