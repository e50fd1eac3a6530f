import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useAppConfig } from '../session/api';

/** Copies text, falling back to a hidden textarea where the async clipboard is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export const canWebShare = () => typeof navigator.share === 'function';

/** The Web Share sheet; false when the browser has none. A dismissed sheet counts as handled. */
export async function webShare(data: ShareData): Promise<boolean> {
  if (!canWebShare()) return false;
  try {
    await navigator.share(data);
  } catch {
    // the user closed the sheet
  }
  return true;
}

/** `{PUBLIC_URL}/u/{username}`: the address others open a profile at. */
export function useProfileLink(username: string): string {
  const config = useAppConfig();
  const publicUrl = config.data?.publicUrl ?? window.location.origin;
  return `${publicUrl.replace(/\/$/, '')}/u/${username}`;
}

/** Copies a link and says so (`copied`); where copying is refused, shows the link to copy by hand. */
export function useCopyLink(): (link: string, copied: string) => Promise<void> {
  const { toast, alert } = useDialogs();
  return async (link, copied) => {
    if (await copyText(link)) toast(copied);
    else await alert(link);
  };
}
