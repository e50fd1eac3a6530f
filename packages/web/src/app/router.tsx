import { Suspense } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { useLocale } from '../i18n';
import { useMe } from '../features/session/api';
import { AppGate } from './AppGate';
import { AppShell } from './AppShell';
import { PublicOnly, RequireAuth, RootRedirect } from './guards';
import {
  EditProfileScreen,
  ForgotPasswordScreen,
  FriendsScreen,
  InstancePageScreen,
  InstancePagesScreen,
  HomeScreen,
  InstanceScreen,
  LoginScreen,
  ModerationScreen,
  TeamScreen,
  DashboardScreen,
  AuditScreen,
  NotFoundScreen,
  NotificationsScreen,
  NotificationsSetupScreen,
  QuestionsAskedScreen,
  OnboardingScreen,
  ProfileScreen,
  PublicProfileScreen,
  SignedOutProfileScreen,
  QuestionsScreen,
  ResetPasswordScreen,
  SettingsScreen,
  SignupScreen,
  UnsubscribeScreen,
  VerifyEmailScreen,
} from './screens';

function Root() {
  // screens read the plain `t`: a new language re-renders them by remounting the routes (decision 120)
  const locale = useLocale();
  return (
    <AppGate>
      {/* a screen's chunk arrives while the splash shows; later, the previous frame stays until it does */}
      <Suspense fallback={null}>
        <Outlet key={locale} />
      </Suspense>
    </AppGate>
  );
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PublicOnly />,
        children: [
          { path: '/onboarding', element: <OnboardingScreen /> },
          { path: '/signup', element: <SignupScreen /> },
          { path: '/login', element: <LoginScreen /> },
          { path: '/forgot-password', element: <ForgotPasswordScreen /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/notifications-setup', element: <NotificationsSetupScreen /> },
          {
            element: <AppShell />,
            children: [
              { path: '/home', element: <HomeScreen /> },
              { path: '/friends', element: <FriendsScreen /> },
              { path: '/questions', element: <QuestionsScreen /> },
              { path: '/notifications', element: <NotificationsScreen /> },
              { path: '/profile', element: <ProfileScreen /> },
              { path: '/edit-profile', element: <EditProfileScreen /> },
              { path: '/settings', element: <SettingsScreen /> },
              { path: '/settings/moderation', element: <ModerationScreen /> },
              { path: '/settings/instance', element: <InstanceScreen /> },
              { path: '/settings/team', element: <TeamScreen /> },
              { path: '/settings/audit', element: <AuditScreen /> },
              { path: '/settings/dashboard', element: <DashboardScreen /> },
              { path: '/settings/questions-asked', element: <QuestionsAskedScreen /> },
              { path: '/settings/pages', element: <InstancePagesScreen /> },
            ],
          },
        ],
      },
      // links from emails: they work signed in or out (a reset ends every session of the account anyway)
      { path: '/reset-password', element: <ResetPasswordScreen /> },
      { path: '/unsubscribe', element: <UnsubscribeScreen /> },
      { path: '/verify-email', element: <VerifyEmailScreen /> },
      // the instance's own pages: readable signed in or out
      { path: '/about', element: <InstancePageScreen /> },
      { path: '/rules', element: <InstancePageScreen /> },
      { path: '/terms', element: <InstancePageScreen /> },
      { path: '/privacy', element: <InstancePageScreen /> },
      { path: '/u/:username', element: <ProfileRoute /> },
      // one answer's own address (share cards and the fediverse link here): the profile, scrolled to it
      { path: '/u/:username/answers/:answerId', element: <ProfileRoute /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/** The app's routes, declared once; rendered inside main.tsx's BrowserRouter (declarative mode: no data router in the bundle, decision 147). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** A profile or an answer's link: the profile for a signed-in reader, 'Authentication Required' otherwise (the gate has the session by now). */
function ProfileRoute() {
  return useMe().data ? <PublicProfileScreen /> : <SignedOutProfileScreen />;
}
