/**
 * The words of account self-service and email notifications (issue 12). Not in the spec: worded
 * to match it. Interim home until the locale layer lands; then they move to the catalogs with the
 * same keys under `account.*`.
 */
export const accountTexts = {
  // Settings rows
  changePassword: 'Change password',
  emailNotifications: 'Email notifications',
  emailOff: 'Off',
  emailEach: 'Each new question',
  emailDigest: 'Daily digest',
  emailExplanation: 'Get an email for each new question, or one a day about new questions, followers and likes.',
  emailUpdateError: 'Could not change your email notifications. Please try again.',
  exportData: 'Export my data',
  exporting: 'Preparing your data…',
  exportError: 'Could not export your data. Please try again.',
  deleteAccount: 'Delete my account',

  // Change password dialog
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatNewPassword: 'Repeat new password',
  // what the show/hide buttons of the password fields reveal (never the fields' own labels)
  toggleCurrent: 'the password you use now',
  toggleNew: 'the password you chose',
  toggleRepeated: 'the repeated password',
  saving: 'Saving…',
  passwordChanged: 'Password changed. You were logged out on your other devices.',

  // Delete account dialog
  deleteTitle: 'Delete your account?',
  deleteWarning:
    'This removes your profile, your answers, likes, follows, blocks and pictures for good. Questions you sent stay with the people who got them, without your name. It cannot be undone.',
  deleteExportHint: 'You may want to export your data first.',
  deletePasswordLabel: 'Password',
  deleting: 'Deleting…',
  deleteForever: 'Delete my account for good',
  accountDeleted: 'Your account has been deleted.',

  // Forgot / reset password
  forgotPassword: 'Forgot password?',
  forgotTitle: 'Reset your password',
  email: 'Email',
  forgotIntro: 'Enter the email address of your account. We will send you a link to choose a new password.',
  sendLink: 'Send reset link',
  sendingLink: 'Sending…',
  linkSent: 'If an account uses this address, we have sent it a link to reset the password. The link works once, for one hour.',
  backToLogin: 'Back to log in',
  resetTitle: 'Choose a new password',
  resetMissingToken: 'This reset link is incomplete. Open the link from the email again, or ask for a new one.',
  askNewLink: 'Ask for a new link',
  setPassword: 'Set new password',
  passwordReset: 'Your password has been changed. Log in with your new password.',

  // Unsubscribe (the link in every notification email)
  unsubscribeTitle: 'Stop email notifications?',
  unsubscribeIntro: 'You will no longer get emails about new questions or daily digests from Askbox.',
  unsubscribe: 'Unsubscribe',
  unsubscribing: 'Unsubscribing…',
  unsubscribed: 'Done: Askbox will not email you notifications any more. You can turn them on again in Settings.',
  openAskbox: 'Open Askbox',
} as const;
