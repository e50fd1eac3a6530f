import { Link } from 'react-router';
import type { AskedQuestion } from '@askbox/common';
import { MentionText } from '../answers/MentionText';
import { ContentWarning } from '../answerExtras/ContentWarning';
import styles from './AskedQuestionItem.module.css';
import { relativeTimeText, t } from '../../i18n';

/**
 * One question the viewer asked: to whom, when, and the answer once there is one. Anything else
 * reads 'Not answered yet', whatever the receiver did (the server makes them alike).
 */
export function AskedQuestionItem({ question }: { question: AskedQuestion }) {
  const { receiver } = question;
  return (
    <article className={`card ${styles.item}`}>
      <p className={`muted ${styles.meta}`}>
        {receiver ? (
          <Link to={`/u/${receiver.username}`}>{t('asked.to', { fullname: receiver.fullname, username: receiver.username })}</Link>
        ) : (
          t('asked.toGone')
        )}
        {question.isAnonymous && ` · ${t('asked.anonymously')}`}
        {' · '}
        <time dateTime={question.createdAt}>{relativeTimeText(question.createdAt)}</time>
      </p>
      <p className={styles.text}>
        <MentionText text={question.text} />
      </p>
      {question.answer !== null ? (
        <ContentWarning warning={question.contentWarning}>
          <p className={styles.answer}>
            <span className="visually-hidden">{t('punctuation.colon', { label: t('asked.answer') })} </span>
            <MentionText text={question.answer} />
          </p>
        </ContentWarning>
      ) : (
        <p className={`muted ${styles.pending}`}>{t('asked.notAnswered')}</p>
      )}
    </article>
  );
}
