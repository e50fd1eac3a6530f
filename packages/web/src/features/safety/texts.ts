/**
 * The safety tools' UI strings (the spec has none of its own). Kept here, in one object, until
 * the locale layer's catalogs land; then they move there in English and French.
 */
export const safetyTexts = {
  blockAsker: 'Block this asker',
  confirmBlockAsker:
    'Block whoever sent this question? It leaves your inbox and their next questions will never reach you. You will not learn who it was, and they will not be told.',
  errorBlockingAsker: 'Could not block this asker. Please try again.',
  anonymousAsker: 'Anonymous asker',
  askedOn: 'Asked',
  unblockAnonymousAsker: (question: string) => `Unblock the anonymous asker of “${question}”`,
  questionsYouReceive: 'Questions you receive',
  refuseAnonymous: 'Refuse anonymous questions',
  refuseAnonymousExplanation: 'Your ask box will have no “Ask anonymously” option, and anonymous questions to you are refused.',
  settingError: 'Could not change this setting. Please try again.',
  mutedWords: 'Muted words',
  mutedWordsExplanation: 'Questions containing one of these words (whole words, any case or accent) never reach you. The asker is not told.',
  wordToMute: 'Word to mute',
  mute: 'Mute',
  unmute: 'Unmute',
  unmuteWord: (word: string) => `Unmute “${word}”`,
  noMutedWords: 'No muted words',
  loadingMutedWords: 'Loading muted words',
} as const;
