import { t } from '../../i18n';

/** The show / hide button names of a password field, naming what it reveals (never the field's label). */
export const revealLabels = (what: string) => ({ show: t('selfService.showWhat', { what }), hide: t('selfService.hideWhat', { what }) });
