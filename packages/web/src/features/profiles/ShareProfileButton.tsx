import { Share2 } from 'lucide-react';

import { useCopyLink, useProfileLink, webShare } from './share';
import { t } from '../../i18n';

/** Shares the profile's link: the Web Share sheet where there is one, else the clipboard. */
export function ShareProfileButton({ username, fullname }: { username: string; fullname: string }) {
  const link = useProfileLink(username);
  const copyLink = useCopyLink();
  const onClick = async () => {
    if (!(await webShare({ title: fullname, url: link }))) await copyLink(link, t('profileLinkCopied'));
  };
  return (
    <button type="button" className="icon-btn" aria-label={t('share')} onClick={() => void onClick()}>
      <Share2 size={20} aria-hidden />
    </button>
  );
}
