import { useId, useRef, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { clampText, isBlankText, type Profile } from '@askbox/common';
import { errorMessage } from '../../api/client';
import { AskAnonymouslyRow } from '../../components/AskAnonymouslyRow';
import { useMaxTextLength } from '../session/api';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusWhenReady } from '../../components/focusAfterAction';
import { InspirationButton } from '../prompts/InspirationButton';
import { useAskQuestion } from './api';
import styles from './AskBox.module.css';
import { t, translateError } from '../../i18n';

/**
 * The 'Ask me a question' box on someone else's profile (your own offers your link instead,
 * decision 364). The text is kept on any failure. When the receiver refuses anonymous questions
 * there is no 'Ask anonymously' checkbox and the question goes with the asker's name.
 * 'Need inspiration?' fills the box with an idea of a question.
 * A refusal the question would meet (a paused inbox, 'Who may ask me') is said before typing,
 * in the server's own words, and the box waits closed.
 */
export function AskBox({
  receiverUsername,
  anonymousAllowed = true,
  refusal = null,
}: {
  receiverUsername: string;
  anonymousAllowed?: boolean;
  refusal?: Profile['viewer']['askRefusal'];
}) {
  const [text, setText] = useState('');
  const maxTextLength = useMaxTextLength();
  const [anonymousChosen, setIsAnonymous] = useState(true);
  const isAnonymous = anonymousAllowed && anonymousChosen;
  const ask = useAskQuestion(receiverUsername);
  const dialogs = useDialogs();
  const id = useId();
  const blank = isBlankText(text);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // the question just sent, flying up off the emptied box (decision 320): CSS, gone when it has flown
  const [flying, setFlying] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || ask.isPending || refusal) return;
    ask.mutate(
      { text, isAnonymous },
      {
        onSuccess: (_result, sent) => {
          setFlying(sent.text);
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
      <div className={styles.heading}>
        <label htmlFor={`${id}-text`} className={styles.title}>
          {t('askMeAQuestion')}
        </label>
        {/* the idea fills the box; the asker reads it, may change it, and sends it themself */}
        {!refusal && (
          <InspirationButton
            onPrompt={(prompt) => {
              setText(clampText(prompt, maxTextLength));
              textarea.current?.focus();
            }}
          />
        )}
      </div>
      {refusal && (
        <p id={`${id}-refusal`} className={styles.refusal} data-testid="ask-refusal">
          <Lock size={16} aria-hidden /> {translateError({ code: refusal })}
        </p>
      )}
      <div className={styles.field}>
        <textarea
          ref={textarea}
          id={`${id}-text`}
          className="textarea"
          value={text}
          rows={3}
          onChange={(e) => setText(clampText(e.target.value, maxTextLength))}
          disabled={refusal !== null}
          aria-describedby={refusal ? `${id}-refusal ${id}-count` : `${id}-count`}
        />
        {flying !== null && (
          <div key={flying} className={styles.flying} aria-hidden onAnimationEnd={() => setFlying(null)}>
            {flying}
          </div>
        )}
      </div>
      <AskAnonymouslyRow
        countId={`${id}-count`}
        text={text}
        max={maxTextLength}
        anonymous={anonymousAllowed ? { checked: isAnonymous, onChange: setIsAnonymous } : null}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={blank || ask.isPending || refusal !== null}>
        {t('ask')}
      </button>
    </form>
  );
}
