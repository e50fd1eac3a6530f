import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { clampText, isBlankText } from '@askbox/common';
import { Modal } from './Modal';
import { RemainingCharacters } from './RemainingCharacters';
import styles from './QuestionFormModal.module.css';
import { t } from '../i18n';

/**
 * A dialog that sends one question to many ('Ask my followers', the admin's global question): an
 * intro, the question's field focused on opening, `below` it (by default the characters left,
 * whose id `countId(id)` gives), `progress` while sending, then Cancel and `submitLabel`. It
 * cannot be closed while sending: that would hide the outcome. A blank text is not sent.
 */
export function QuestionFormModal(props: {
  title: string;
  intro: string;
  submitLabel: string;
  text: string;
  onTextChange(text: string): void;
  max: number;
  pending: boolean;
  onSend(): void;
  onClose(): void;
  below?: (countId: string) => ReactNode;
  progress?: ReactNode;
}) {
  const id = useId();
  const countId = `${id}-count`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Modal focuses its container when it opens (its effect runs first): the person came to type
  useEffect(() => textarea.current?.focus(), []);
  const blank = isBlankText(props.text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || props.pending) return;
    props.onSend();
  };
  const close = () => !props.pending && props.onClose();

  return (
    <Modal title={props.title} onClose={close}>
      <form onSubmit={onSubmit}>
        <p className={styles.intro}>{props.intro}</p>
        <div className="field">
          <label htmlFor={`${id}-text`}>{t('questionLabel')}</label>
          <textarea
            id={`${id}-text`}
            ref={textarea}
            className="textarea"
            value={props.text}
            onChange={(e) => props.onTextChange(clampText(e.target.value, props.max))}
            aria-describedby={countId}
            disabled={props.pending}
          />
          {props.below ? props.below(countId) : <RemainingCharacters id={countId} text={props.text} max={props.max} />}
        </div>
        {props.pending && props.progress}
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={props.pending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={blank || props.pending}>
            {props.pending ? t('sending') : props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
