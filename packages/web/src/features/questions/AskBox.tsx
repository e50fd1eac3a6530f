import { useId, useRef, useState, type FormEvent } from 'react';
import { clampText, isBlankText, MAX_TEXT_LENGTH } from '@askbox/common';
import { errorMessage } from '../../api/client';
import { RemainingCharacters } from '../../components/RemainingCharacters';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusWhenReady } from '../../components/focusAfterAction';
import { useAskQuestion } from './api';
import styles from './AskBox.module.css';
import { t } from '../../i18n';

/**
 * The 'Ask me a question' box on a profile. On the own profile the question goes
 * to yourself. The text is kept on any failure. When the receiver refuses anonymous questions
 * there is no 'Ask anonymously' checkbox and the question goes with the asker's name.
 */
export function AskBox({ receiverUsername, anonymousAllowed = true }: { receiverUsername: string; anonymousAllowed?: boolean }) {
  const [text, setText] = useState('');
  const [anonymousChosen, setIsAnonymous] = useState(true);
  const isAnonymous = anonymousAllowed && anonymousChosen;
  const ask = useAskQuestion(receiverUsername);
  const dialogs = useDialogs();
  const id = useId();
  const blank = isBlankText(text);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || ask.isPending) return;
    ask.mutate(
      { text, isAnonymous },
      {
        onSuccess: (_result, sent) => {
          // the motion's code loads when first needed: it is not part of a profile's first load (decision 147)
          const field = textarea.current;
          void import('../../components/leaving').then(({ flyOff }) => flyOff(field, sent.text));
          setText('');
          dialogs.toast(t('questionSent'));
          // 'Ask' is disabled again by the empty box: ready for the next question instead
          focusWhenReady(() => textarea.current);
        },
        onError: (error) => void dialogs.alert(errorMessage(error)),
      },
    );
  };

  return (
    <form className={`card ${styles.box}`} onSubmit={onSubmit}>
      <label htmlFor={`${id}-text`} className={styles.title}>
        {t('askMeAQuestion')}
      </label>
      <textarea
        ref={textarea}
        id={`${id}-text`}
        className="textarea"
        value={text}
        rows={3}
        onChange={(e) => setText(clampText(e.target.value, MAX_TEXT_LENGTH))}
        aria-describedby={`${id}-count`}
      />
      <div className={styles.row}>
        {anonymousAllowed ? (
          <label className={styles.check}>
            <input type="checkbox" checked={isAnonymous} onChange={(e) => setIsAnonymous(e.target.checked)} />
            {t('askAnonymously')}
          </label>
        ) : (
          <span />
        )}
        <RemainingCharacters id={`${id}-count`} text={text} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={blank || ask.isPending}>
        {t('ask')}
      </button>
    </form>
  );
}
