import { useEffect } from 'react';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { t } from '../../i18n';
import { onSessionEnded } from './api';

/** Tells the user when the server ended their session while the app showed them signed in. */
export function SessionEndedNotice() {
  const dialogs = useDialogs();
  useEffect(() => onSessionEnded(() => void dialogs.alert(t('sessionEnded'))), [dialogs]);
  return null;
}
