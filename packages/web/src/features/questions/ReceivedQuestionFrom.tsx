import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FilteredQuestion } from '@askbox/common';
import styles from './ReceivedQuestion.module.css';
import { relativeTimeText, t } from '../../i18n';

/**
 * Who asked a received question and when, as the inbox and the Filtered folder show it: a named
 * sender's link, a remote asker's name and handle, or 'Anonymous'; 'asked to all followers' for
 * 'Ask my followers'. `children` are the line's own actions (block this asker...).
 */
export function ReceivedQuestionFrom({ question, children }: { question: FilteredQuestion; children?: ReactNode }) {
  return (
    <p className={styles.from}>
      {question.sender ? (
        <Link to={`/u/${question.sender.username}`}>
          {question.sender.fullname} <span className="muted">@{question.sender.username}</span>
        </Link>
      ) : question.remoteSender ? (
        // someone on another server: their name and handle as text (no link, no picture: decision 300)
        <span>
          {question.remoteSender.name || question.remoteSender.handle} <span className="muted">{question.remoteSender.handle}</span>
          <span className="visually-hidden"> {t('remoteAsker')}</span>
        </span>
      ) : (
        <span className="muted">{t('anonymous')}</span>
      )}
      <time dateTime={question.createdAt} className="muted">
        {' · '}
        {relativeTimeText(question.createdAt)}
      </time>
      {question.toFollowers && (
        <span className="muted">
          {' · '}
          {t('askFollowers.badge')}
        </span>
      )}
      {children}
    </p>
  );
}
