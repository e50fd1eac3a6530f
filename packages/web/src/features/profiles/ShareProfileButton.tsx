import { Share2 } from 'lucide-react';
import { messages } from '@askbox/common';
import { useCopyLink, useProfileLink, webShare } from './share';

/** Shares the profile's link: the Web Share sheet where there is one, else the clipboard. */
export function ShareProfileButton({ username, fullname }: { username: string; fullname: string }) {
  const link = useProfileLink(username);
  const copyLink = useCopyLink();
  const onClick = async () => {
    if (!(await webShare({ title: fullname, url: link }))) await copyLink(link, messages.profileLinkCopied);
  };
  return (
    <button type="button" className="icon-btn" aria-label={messages.share} onClick={() => void onClick()}>
      <Share2 size={20} aria-hidden />
    </button>
  );
}
