import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { DialogsProvider } from './components/dialogs/DialogsProvider';
import { retryUnlessClientError } from './api/client';
import { AppRoutes } from './app/router';
import { preloadScreenFor } from './app/screens';
import { OfflineBanner } from './features/pwa/OfflineBanner';
import { UpdateBanner } from './features/pwa/UpdateBanner';
import { captureInstallPrompt, keepOfflineCache, registerServiceWorker } from './features/pwa/api';
import { applySavedTheme } from './features/theme/api';
import { appConfigQuery, meQuery, signOutWhenSessionEnds } from './features/session/api';
import { prefetchFeedAtBoot } from './features/feed/api';
import { SessionEndedNotice } from './features/session/SessionEndedNotice';
import { firstLocaleReady } from './i18n';
// the brand's typeface and an emoji font from the registry, served by the app itself: every
// device and headless browser shows the same letters and emoji (decision 276)
import '@fontsource-variable/inter/wght.css';
import '@fontsource/noto-color-emoji/400.css';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: retryUnlessClientError,
    },
  },
});

// the chosen theme before the first paint
applySavedTheme();

// offline, the last feed, profiles and inbox of this device's user show instead of nothing
keepOfflineCache(queryClient);

// a session the server ended (logout elsewhere, new password, suspension) signs out on screen
signOutWhenSessionEnds(queryClient);

// the session and the instance's settings are asked for now, not after the first render (the
// first screen waits on them), and the first screen's code starts loading beside them
const signedIn = queryClient.fetchQuery(meQuery).then(
  (user) => user !== null,
  () => false,
);
void queryClient.prefetchQuery(appConfigQuery);
if (window.location.pathname === '/home' && navigator.onLine) prefetchFeedAtBoot(queryClient);
preloadScreenFor(window.location.pathname, signedIn);

// a French browser's catalog is a separate chunk: render once it is there (the HTML splash shows).
// As a transition, React renders in slices that yield to the browser instead of one long task
// (the HTML splash is on screen meanwhile; Lighthouse's total blocking time, decision 183).
const root = createRoot(document.getElementById('root')!);
void firstLocaleReady.then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <DialogsProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <OfflineBanner />
            <UpdateBanner />
            <SessionEndedNotice />
          </DialogsProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);

captureInstallPrompt();
registerServiceWorker();
