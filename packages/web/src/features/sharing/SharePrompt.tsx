import { Modal } from '../../components/Modal';
import { useSetting } from '../settings/api';
import { useViewer } from '../session/api';
import { useShareAnswer } from './ShareAnswerFlow';
import { dismissSharePrompt, useAnsweredToShare } from './api';
import styles from './Sharing.module.css';
import { t } from '../../i18n';

/** After answering: 'Share your answer?' with Share (the share flow) and Not now. */
export function SharePrompt() {
  const answerId = useAnsweredToShare();
  return answerId ? <SharePromptFor key={answerId} answerId={answerId} /> : null;
}

function SharePromptFor({ answerId }: { answerId: string }) {
  const me = useViewer();
  const isPublic = useSetting('publicProfile').value ?? false;
  const { start, sheet } = useShareAnswer({ id: answerId, username: me.username, fullname: me.fullname, isPublic }, dismissSharePrompt);
  if (sheet) return sheet;
  return (
    <Modal title={t('shareYourAnswer')} onClose={dismissSharePrompt}>
      <div className={styles.prompt}>
        <button type="button" className="btn btn-secondary" onClick={dismissSharePrompt}>
          {t('notNow')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void start()}>
          {t('shareButton')}
        </button>
      </div>
    </Modal>
  );
}
