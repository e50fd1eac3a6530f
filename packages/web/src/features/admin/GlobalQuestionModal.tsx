import { useState } from 'react';
import { QuestionFormModal } from '../../components/QuestionFormModal';
import { useMaxTextLength } from '../session/api';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useSendGlobalQuestion } from './api';
import styles from './AdminCard.module.css';
import { t } from '../../i18n';

/** The admin's global-question modal: closed → open → sending → closed with the success alert. */
export function GlobalQuestionModal({ onClose }: { onClose(): void }) {
  const [text, setText] = useState('');
  const maxTextLength = useMaxTextLength();
  const send = useSendGlobalQuestion();
  const dialogs = useDialogs();

  const onSend = () =>
    send.mutate(
      { text: text.trim() },
      {
        onSuccess: ({ count }) => {
          onClose();
          void dialogs.alert(t('globalQuestionSent', { count }));
        },
        onError: () => void dialogs.alert(t('errorGlobalQuestion')),
      },
    );

  return (
    <QuestionFormModal
      title={t('sendGlobalQuestion')}
      intro={t('globalQuestionText')}
      submitLabel={t('sendToAllUsers')}
      text={text}
      onTextChange={setText}
      max={maxTextLength}
      pending={send.isPending}
      onSend={onSend}
      onClose={onClose}
      progress={
        <div className={`hint ${styles.progress}`}>
          <Spinner size={16} label={t('sending')} />
          <span>{t('globalQuestionWorking')}</span>
        </div>
      }
    />
  );
}
