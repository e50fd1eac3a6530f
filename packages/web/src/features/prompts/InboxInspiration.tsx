import { useState } from 'react';
import { AskFollowersDialog } from '../followerQuestions/AskFollowersButton';
import { t } from '../../i18n';
import { InspirationButton } from './InspirationButton';
import styles from './Prompts.module.css';

/**
 * Under the empty inbox: 'Need inspiration?' shows an idea of a question, which the person may
 * send to their followers ('Ask my followers', the dialog opening with the idea written in).
 */
export function InboxInspiration() {
  const [idea, setIdea] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  return (
    <div className={styles.inbox}>
      <InspirationButton onPrompt={setIdea} />
      <div role="status" className={styles.ideaSlot}>
        {idea !== null && (
          <div className={`card ${styles.idea}`}>
            <p className={styles.ideaText}>{idea}</p>
            <button type="button" className="btn btn-small btn-primary" onClick={() => setAsking(true)}>
              {t('askFollowers.button')}
            </button>
          </div>
        )}
      </div>
      {asking && idea !== null && <AskFollowersDialog initialText={idea} onClose={() => setAsking(false)} />}
    </div>
  );
}
