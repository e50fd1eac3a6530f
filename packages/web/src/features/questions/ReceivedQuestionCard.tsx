import type { ReactNode, Ref } from 'react';
import type { FilteredQuestion } from '@askbox/common';
import { MentionText } from '../answers/MentionText';
import { questionTint } from '../../components/questionHue';
import { ReceivedQuestionFrom } from './ReceivedQuestionFrom';
import styles from './ReceivedQuestion.module.css';

/**
 * A received question's card, in the inbox and in the Filtered folder: who asked and when (with
 * `fromActions` on that line), the question (its id `${id}-q` names the card), then `children`.
 * `tinted` gives a named asker's hue to the card's edge (the inbox).
 */
export function ReceivedQuestionCard(props: {
  question: FilteredQuestion;
  id: string;
  cardRef: Ref<HTMLElement>;
  tinted?: boolean;
  fromActions?: ReactNode;
  children: ReactNode;
}) {
  const { question, id } = props;
  return (
    <article ref={props.cardRef} className={`card ${styles.item}`} style={props.tinted ? questionTint(question) : undefined} aria-labelledby={`${id}-q`}>
      <ReceivedQuestionFrom question={question}>{props.fromActions}</ReceivedQuestionFrom>
      <p id={`${id}-q`} className={styles.text}>
        <MentionText text={question.text} />
      </p>
      {props.children}
    </article>
  );
}

/** The buttons under a received question, right-aligned, wrapping whole. */
export function ReceivedQuestionActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
