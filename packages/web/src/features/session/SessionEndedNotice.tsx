import { useEffect } from 'react';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { t } from '../../i18n';
import { onSessionEnded } from './api';

/** Tells the user when the server ended their session while the app showed them signed in. */
export function SessionEndedNotice() {
  const dialogs = useDialogs();
  useEffect(() => onSessionEnded((reason) => void dialogs.alert(t(reason === 'suspended' ? 'sessionEndedSuspended' : 'sessionEnded'))), [dialogs]);
  return null;
}
