import type { ReactNode } from 'react';
import { errorMessage } from '../api/client';
import { ErrorList } from './Field';
import { settingsExplanation } from './SettingsSection';
import styles from './EditorForm.module.css';

/** Fields side by side that wrap, as in an EditorForm's row of buttons. */
export const editorRow = styles.row;

/**
 * An admin's editing form (prompts, the announcement, the instance's pages): an optional
 * explanation, the fields, the failure, the last success said politely (`status`), then the
 * `actions` in a row.
 */
export function EditorForm(props: { explanation?: string; onSubmit(): void; failure: unknown; status: string; actions: ReactNode; children: ReactNode }) {
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.explanation && <p className={settingsExplanation}>{props.explanation}</p>}
      {props.children}
      <ErrorList errors={props.failure ? [errorMessage(props.failure)] : null} />
      {props.status && (
        <p className={styles.status} role="status">
          {props.status}
        </p>
      )}
      <div className={styles.row}>{props.actions}</div>
    </form>
  );
}
