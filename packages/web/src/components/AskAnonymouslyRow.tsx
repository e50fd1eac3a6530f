import { RemainingCharacters } from './RemainingCharacters';
import styles from './AskAnonymouslyRow.module.css';
import { t } from '../i18n';

/**
 * The line under a question's text field: 'Ask anonymously' (left out when `anonymous` is null,
 * as when the receiver refuses anonymous questions) and the characters left (`countId`).
 */
export function AskAnonymouslyRow(props: {
  countId: string;
  text: string;
  max?: number;
  anonymous: { checked: boolean; onChange(checked: boolean): void } | null;
}) {
  return (
    <div className={styles.row}>
      {props.anonymous ? (
        <label className={styles.check}>
          <input type="checkbox" checked={props.anonymous.checked} onChange={(e) => props.anonymous?.onChange(e.target.checked)} />
          {t('askAnonymously')}
        </label>
      ) : (
        <span />
      )}
      <RemainingCharacters id={props.countId} text={props.text} max={props.max} />
    </div>
  );
}
