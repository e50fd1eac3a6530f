import { lazy } from 'react';
import { loadLaterTexts } from '../i18n';

/**
 * Every screen is its own chunk, loaded when its route is first shown (decision 147): the first
 * screen's bundle carries the app frame and that screen only — not the sign-up form's validation
 * (zod), the settings or the editor. `preload` starts a chunk early (the splash shows meanwhile).
 */
const screen = <T>(load: () => Promise<T>, pick: (module: T) => React.ComponentType, { firstScreen = false } = {}) => {
  let started: Promise<T> | null = null;
  // with the English texts of the screens behind the first ones (i18n/index.ts); a first screen
  // (Accueil, Onboarding, a profile) needs none of them, so it does not wait for them
  const preload = () => (started ??= firstScreen ? load() : Promise.all([load(), loadLaterTexts()]).then(([module]) => module));
  const Component = lazy(async () => ({ default: pick(await preload()) }));
  return Object.assign(Component, { preload });
};

export const ModerationScreen = screen(
  () => import('../screens/Moderation/ModerationScreen'),
  (m) => m.ModerationScreen,
);
export const InstanceScreen = screen(
  () => import('../screens/Instance/InstanceScreen'),
  (m) => m.InstanceScreen,
);
export const VerifyEmailScreen = screen(
  () => import('../screens/VerifyEmail/VerifyEmailScreen'),
  (m) => m.VerifyEmailScreen,
);
export const TeamScreen = screen(
  () => import('../screens/Team/TeamScreen'),
  (m) => m.TeamScreen,
);
export const AuditScreen = screen(
  () => import('../screens/Team/TeamScreen'),
  (m) => m.AuditScreen,
);
export const DashboardScreen = screen(
  () => import('../screens/Team/TeamScreen'),
  (m) => m.DashboardScreen,
);
export const OnboardingScreen = screen(
  () => import('../screens/Onboarding/OnboardingScreen'),
  (m) => m.OnboardingScreen,
  { firstScreen: true },
);
export const SignupScreen = screen(
  () => import('../screens/Signup/SignupScreen'),
  (m) => m.SignupScreen,
);
export const LoginScreen = screen(
  () => import('../screens/Login/LoginScreen'),
  (m) => m.LoginScreen,
);
export const ForgotPasswordScreen = screen(
  () => import('../screens/ForgotPassword/ForgotPasswordScreen'),
  (m) => m.ForgotPasswordScreen,
);
export const ResetPasswordScreen = screen(
  () => import('../screens/ResetPassword/ResetPasswordScreen'),
  (m) => m.ResetPasswordScreen,
);
export const UnsubscribeScreen = screen(
  () => import('../screens/Unsubscribe/UnsubscribeScreen'),
  (m) => m.UnsubscribeScreen,
);
export const QuestionsAskedScreen = screen(
  () => import('../screens/QuestionsAsked/QuestionsAskedScreen'),
  (m) => m.QuestionsAskedScreen,
);
export const NotificationsSetupScreen = screen(
  () => import('../screens/NotificationsSetup/NotificationsSetupScreen'),
  (m) => m.NotificationsSetupScreen,
);
export const HomeScreen = screen(
  () => import('../screens/Home/HomeScreen'),
  (m) => m.HomeScreen,
  { firstScreen: true },
);
export const FriendsScreen = screen(
  () => import('../screens/Friends/FriendsScreen'),
  (m) => m.FriendsScreen,
);
export const QuestionsScreen = screen(
  () => import('../screens/Questions/QuestionsScreen'),
  (m) => m.QuestionsScreen,
);
export const NotificationsScreen = screen(
  () => import('../screens/Notifications/NotificationsScreen'),
  (m) => m.NotificationsScreen,
);
export const ProfileScreen = screen(
  () => import('../screens/Profile/ProfileScreen'),
  (m) => m.ProfileScreen,
);
export const EditProfileScreen = screen(
  () => import('../screens/EditProfile/EditProfileScreen'),
  (m) => m.EditProfileScreen,
);
export const SettingsScreen = screen(
  () => import('../screens/Settings/SettingsScreen'),
  (m) => m.SettingsScreen,
);
export const PublicProfileScreen = screen(
  () => import('../screens/PublicProfile/PublicProfileScreen'),
  (m) => m.PublicProfileScreen,
  { firstScreen: true },
);
/** A profile opened signed out: its own small chunk, so a shared link's visitor does not load the profile's screen. */
export const SignedOutProfileScreen = screen(
  () => import('../screens/PublicProfile/SignedOutProfileScreen'),
  (m) => m.SignedOutProfileScreen,
  { firstScreen: true },
);
export const InstancePageScreen = screen(
  () => import('../screens/InstancePage/InstancePageScreen'),
  (m) => m.InstancePageScreen,
);
export const InstancePagesScreen = screen(
  () => import('../screens/InstancePages/InstancePagesScreen'),
  (m) => m.InstancePagesScreen,
);
export const NotFoundScreen = screen(
  () => import('../screens/NotFound/NotFoundScreen'),
  (m) => m.NotFoundScreen,
);

/**
 * The screen a URL opens first, started while the splash shows (the server's page also names its
 * code in hints, so it downloads beside the entry: server/src/http/firstScreen.ts). `signedIn`
 * settles once the session is known.
 */
export function preloadScreenFor(pathname: string, signedIn: Promise<boolean>): void {
  const first: Record<string, { preload(): unknown }> = {
    '/home': HomeScreen,
    '/onboarding': OnboardingScreen,
    '/login': LoginScreen,
    '/signup': SignupScreen,
    '/forgot-password': ForgotPasswordScreen,
    '/reset-password': ResetPasswordScreen,
    '/unsubscribe': UnsubscribeScreen,
    '/verify-email': VerifyEmailScreen,
    '/friends': FriendsScreen,
    '/questions': QuestionsScreen,
    '/notifications': NotificationsScreen,
    '/profile': ProfileScreen,
    '/settings': SettingsScreen,
  };
  const instancePage = ['/about', '/rules', '/terms', '/privacy'].includes(pathname) ? InstancePageScreen : undefined;
  // a profile's link: the small signed-out screen at once, the profile's screen once someone is
  // known to be signed in (a shared link's visitor mostly is not, and loads only the small one)
  if (pathname.startsWith('/u/')) {
    void SignedOutProfileScreen.preload();
    void signedIn.then((yes) => {
      if (yes) void PublicProfileScreen.preload();
    });
    return;
  }
  void (instancePage ?? first[pathname])?.preload();
}
