import { createBrowserRouter, Outlet } from 'react-router';
import { AppGate } from './AppGate';
import { AppShell } from './AppShell';
import { PublicOnly, RequireAuth, RootRedirect } from './guards';
import { OnboardingScreen } from '../screens/Onboarding/OnboardingScreen';
import { SignupScreen } from '../screens/Signup/SignupScreen';
import { LoginScreen } from '../screens/Login/LoginScreen';
import { NotificationsSetupScreen } from '../screens/NotificationsSetup/NotificationsSetupScreen';
import { HomeScreen } from '../screens/Home/HomeScreen';
import { FriendsScreen } from '../screens/Friends/FriendsScreen';
import { QuestionsScreen } from '../screens/Questions/QuestionsScreen';
import { NotificationsScreen } from '../screens/Notifications/NotificationsScreen';
import { ProfileScreen } from '../screens/Profile/ProfileScreen';
import { EditProfileScreen } from '../screens/EditProfile/EditProfileScreen';
import { SettingsScreen } from '../screens/Settings/SettingsScreen';
import { PublicProfileScreen } from '../screens/PublicProfile/PublicProfileScreen';
import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen';

function Root() {
  return (
    <AppGate>
      <Outlet />
    </AppGate>
  );
}

export const router = createBrowserRouter([
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
            ],
          },
        ],
      },
      { path: '/u/:username', element: <PublicProfileScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
