/** UI strings of the install prompt added for issue 13 (to move into the locale catalogs when they land). */
export const pwaTexts = {
  /** One click: the browser's own install dialog (beforeinstallprompt). */
  installNow: "Installer l'application",
  installHint: "Votre navigateur vous demandera de confirmer l'installation.",
};
