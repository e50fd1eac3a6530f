import { useState } from 'react';
import { FOLLOWER_QUESTIONS_PER_DAY } from '@askbox/common';
import { errorMessage } from '../../api/client';
import { AskAnonymouslyRow } from '../../components/AskAnonymouslyRow';
import { QuestionFormModal } from '../../components/QuestionFormModal';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useMaxTextLength } from '../session/api';
import { useAskFollowers } from './api';
import { t } from '../../i18n';

/** The Questions screen's 'Ask my followers' button and its dialog (the ask box and 'Ask anonymously'). */
export function AskFollowersButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-small btn-secondary" onClick={() => setOpen(true)}>
        {t('askFollowers.button')}
      </button>
      {open && <AskFollowersDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The dialog alone, possibly with a question already written (an idea from 'Need inspiration?'). */
export function AskFollowersDialog({ onClose, initialText = '' }: { onClose(): void; initialText?: string }) {
  const [text, setText] = useState(initialText);
  const [isAnonymous, setIsAnonymous] = useState(true);
  const send = useAskFollowers();
  const dialogs = useDialogs();
  const maxTextLength = useMaxTextLength();

  const onSend = () =>
    send.mutate(
      { text, isAnonymous },
      {
        onSuccess: () => {
          onClose();
          dialogs.toast(t('askFollowers.sent'));
        },
        // the text stays for another try
        onError: (error) => void dialogs.alert(errorMessage(error)),
      },
    );

  return (
    <QuestionFormModal
      title={t('askFollowers.title')}
      intro={t('askFollowers.intro', { count: FOLLOWER_QUESTIONS_PER_DAY })}
      submitLabel={t('askFollowers.send')}
      text={text}
      onTextChange={setText}
      max={maxTextLength}
      pending={send.isPending}
      onSend={onSend}
      onClose={onClose}
      below={(countId) => <AskAnonymouslyRow countId={countId} text={text} anonymous={{ checked: isAnonymous, onChange: setIsAnonymous }} />}
    />
  );
}
