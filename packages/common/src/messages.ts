/**
 * Every user-facing string of the product spec, verbatim (including the French labels).
 * Server and web both read from here so a message is written once.
 */
export const messages = {
  // A new version of the app is installed (the service worker waits for the user)
  newVersionAvailable: 'A new version of Askbox is available.',
  reload: 'Reload',
  // Onboarding / auth
  tagline: 'Ask and Answer',
  signUp: 'Sign up',
  logIn: 'Log in',
  logInButton: 'Log In',
  signupTitle: 'Create an account now',
  loginTitle: 'Welcome back!',
  logInHere: 'Log in here',
  signUpHere: 'Sign up here',
  incorrectLogin: 'Incorrect email or password',
  usernameChars: 'Username can only contain letters, numbers and underscores',
  usernameTaken: 'This username is already taken',
  passwordsMismatch: 'Passwords do not match',
  emailTaken: 'An account with this email already exists',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  // issue 11: not in the spec, worded like its other password messages
  passwordBlank: 'Password cannot be only spaces',
  passwordTooCommon: 'This password is too common. Choose another one.',
  fieldRequired: (field: string) => `${field} is required`,
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  authRequired: 'Authentication Required',
  authRequiredText: 'You need to be logged in to view this profile.',
  signInRequired: 'You need to be logged in.',

  // Notifications setup
  turnOnNotifications: 'Turn on notifications',
  enableNotifications: 'Enable notifications',
  skipForNow: 'Skip for now',
  notificationsNotSupported: 'Notifications not supported',
  continueNow: 'Continue now',

  // Navigation
  navHome: 'Accueil',
  navFriends: 'Friends',
  navQuestions: 'Questions',
  navNotifications: 'Notifications',
  navProfile: 'Profile',

  // Home
  newAnswers: 'New answers',
  noPosts: 'No posts to show',
  followMore: 'Follow more people to see their answers!',
  scrollForMore: 'Scroll for more',

  // Friends
  searchFriends: 'Add or search friends',
  recommendedFriends: 'RECOMMENDED FRIENDS',
  noUsersFound: 'No users found',
  noRecommendations: 'No recommendations available',
  linkCopied: 'Link copied to clipboard !',
  profileLinkCopied: 'Profile link copied to clipboard!',

  // Questions
  noQuestions: 'No questions yet.',
  answer: 'Answer',
  delete: 'Delete',
  confirmDeleteQuestion: 'Are you sure you want to delete this question ?',
  confirmDeleteAnswer: 'Are you sure you want to delete this answer ?',
  errorDeletingQuestion: 'Error deleting question',
  errorSendingResponse: 'Error sending response',

  // Asking
  askMeAQuestion: 'Ask me a question',
  askAnonymously: 'Ask anonymously',
  ask: 'Ask',
  questionSent: 'Question sent ! 🚀',
  cannotSendQuestions: 'You cannot send questions to this user.',
  answers: 'Answers',
  noAnswersNow: 'No answers now.',
  textTooLong: (field: string) => `${field} must be at most 300 characters`,
  remainingCharacters: (count: number) => `${count} characters left`,
  anonymous: 'Anonymous',
  like: 'Like',
  unlike: 'Unlike',
  sendAnswer: 'Send',
  yourAnswer: 'Your answer',
  questionsLoadError: 'Could not load your questions.',
  answersLoadError: 'Could not load the answers.',
  feedLoadError: 'Could not load your feed.',
  retry: 'Retry',

  // Notifications
  activity: 'Activity',
  noNotifications: 'No notifications yet',
  noAnswersYet: 'No answers yet',
  notificationTabs: 'Notifications',
  startedFollowingYou: 'started following you!',
  likedYourAnswer: 'liked your answer',
  answeredYourQuestion: 'answered your question',
  anonymousQuestionLabel: 'Anonymous question',
  // Push notifications (spec §9): titles with an emoji, bodies built from the event
  pushTitleLike: 'New Like ❤️',
  pushTitleFollow: 'New Follower 👋',
  pushTitleQuestion: 'New Question ❓',
  pushBodyLike: (likerFullname: string, answer: string) => `${likerFullname} liked your answer: "${answer.length > 30 ? `${answer.slice(0, 30)}...` : answer}"`,
  pushBodyFollow: (fullname: string, username: string) => `${fullname} (@${username}) started following you!`,
  pushBodyAnonymousQuestion: 'Someone sent you an anonymous question!',
  pushBodyQuestion: (fullname: string, username: string) => `${fullname} (@${username}) sent you a question!`,

  // Profile
  editProfile: 'Edit profil',
  followings: 'Followings',
  followers: 'Followers',
  likes: 'Likes',
  follow: 'Follow',
  following: 'Following',
  popularUser: 'Popular user',
  noFollowers: 'No followers yet',
  notFollowingAnyone: 'Not following anyone yet',
  usernameCannotChange: 'Username cannot be changed',
  errorUpdatingProfile: 'Error updating profile',
  cancel: 'Cancel',
  save: 'Save',
  redirecting: 'Redirecting...',
  youHaveBeenBlocked: 'You have been blocked',
  blockedByThemText: 'This user has blocked you. You can no longer view their profile.',
  userBlocked: 'User blocked',
  youBlockedText: 'You have blocked this user.',
  unblockFr: 'Débloquer',
  unableToFollow: 'Unable to follow this user (active block).',
  confirmUnblock: 'Do you want to unblock this user ? 😏',
  confirmBlock: 'Are you sure you want to block this user ? This will remove all links between you. 🫣',
  userNotFound: 'User not found',
  userNotFoundText: 'No account has this username.',
  cannotFollowSelf: 'You cannot follow yourself.',
  cannotBlockSelf: 'You cannot block yourself.',
  websiteInvalid: 'Website must be a link starting with http:// or https://',
  imageInvalid: 'This file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).',
  imageTooLarge: 'This image is too large (5 MB maximum).',
  imageMissing: 'Choose an image file to upload.',
  share: 'Share profile',
  settings: 'Settings',
  inviteFriends: 'Invite your friends',
  copyLink: 'Copy link',

  // Settings
  adminFeatures: 'Admin Features',
  sendGlobalQuestionToAll: 'Send Global Question to All Users',
  blockedUsers: 'Blocked users',
  noBlockedUsers: 'No blocked users',
  unblock: 'Unblock',
  helpAndSocial: 'Help & Social',
  contactUs: 'Contact Us',
  account: 'Account',
  logout: 'Logout',

  // Public profile (issue 15): not in the spec, worded to match it
  outsideAskbox: 'Outside Askbox',
  publicProfile: 'Public profile',
  publicProfileExplanation: 'When on, your answers may be read outside Askbox: in link previews, in feed readers and on the fediverse.',
  publicProfileUpdateError: 'Could not change your public profile. Please try again.',
  fediverseAddress: 'Your fediverse address',
  atomFeed: 'Atom feed',
  remote: 'Remote',
  fromOtherServers: 'On other servers',
  blockedOnOtherServers: 'Blocked on other servers',
  blockRemoteAccount: (handle: string) => `Block ${handle}`,
  blockRemoteServer: (domain: string) => `Block everyone on ${domain}`,
  confirmBlockRemoteAccount: (handle: string) => `Block ${handle}? They will no longer follow you.`,
  confirmBlockRemoteServer: (domain: string) => `Block everyone on ${domain}? Nobody there will follow you any more.`,

  // Global question
  sendGlobalQuestion: 'Send Global Question',
  globalQuestionText: 'This question will be sent to all users of the app.',
  sendToAllUsers: 'Send to All Users',
  sending: 'Sending...',
  globalQuestionSent: (count: number) => `Global question sent to ${count} users successfully!`,
  errorGlobalQuestion: 'Error sending global question. Please try again.',

  // PWA prompt
  pwaLater: 'Plus tard',
  pwaGotIt: "J'ai compris",

  // Account self-service (decisions 125–129)
  wrongPassword: 'Incorrect password',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',

  // Generic
  notFound: 'Not found',
  forbidden: 'You are not allowed to do this.',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;
