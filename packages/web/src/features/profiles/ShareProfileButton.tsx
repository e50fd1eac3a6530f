import { Share2 } from 'lucide-react';
import { messages } from '@askbox/common';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useAppConfig } from '../session/api';
import { copyText, profileLinkOf, webShare } from './share';

/** Shares `{PUBLIC_URL}/u/{username}`: the Web Share sheet where there is one, else the clipboard. */
export function ShareProfileButton({ username, fullname }: { username: string; fullname: string }) {
  const config = useAppConfig();
  const { toast, alert } = useDialogs();
  const onClick = async () => {
    const url = profileLinkOf(config.data?.publicUrl ?? window.location.origin, username);
    if (await webShare({ title: fullname, url })) return;
    if (await copyText(url)) toast(messages.profileLinkCopied);
    else await alert(url);
  };
  return (
    <button type="button" className="icon-btn" aria-label={messages.share} onClick={() => void onClick()}>
      <Share2 size={20} aria-hidden />
    </button>
  );
}
