import { Link } from 'react-router';
import { type AnswerNotification } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { AnswerGlimpse } from '../answerExtras/AnswerGlimpse';
import styles from './Notifications.module.css';
import { relativeTimeText, t } from '../../i18n';

/** Answers to questions the viewer sent (their anonymous ones too); each opens the answer on the profile. */
export function AnswerNotificationsList({ items }: { items: AnswerNotification[] }) {
  if (items.length === 0) return <EmptyState title={t('noAnswersYet')} art="answers" />;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={`/u/${item.receiver.username}#post-${item.id}`} className={`${styles.row} ${item.unread ? styles.unread : ''}`}>
            <span className={styles.avatar}>
              <Avatar src={item.receiver.photoURL} name={item.receiver.fullname} seed={item.receiver.id} size={44} />
            </span>
            <span className={styles.text}>
              <span>
                <strong>{item.receiver.fullname}</strong> {t('answeredYourQuestion')}
                {/* a space before the tag: a word of its own for screen readers, and a line may break there */}
                {item.isAnonymous && (
                  <>
                    {' '}
                    <span className={styles.tag}>{t('anonymousQuestionLabel')}</span>
                  </>
                )}
              </span>
              <span className={styles.question}>{item.question}</span>
              <span className={styles.answer}>
                <AnswerGlimpse answer={item} />
              </span>
              <time className={styles.time} dateTime={item.answeredAt}>
                {relativeTimeText(item.answeredAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
