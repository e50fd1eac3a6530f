import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { DialogsProvider } from './components/dialogs/DialogsProvider';
import { ApiError } from './api/client';
import { router } from './app/router';
import { OfflineBanner } from './features/pwa/OfflineBanner';
import { registerServiceWorker } from './features/pwa/registerServiceWorker';
import { captureInstallPrompt } from './features/pwa/installEvent';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // a 4xx will not change on retry; network blips might
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DialogsProvider>
        <RouterProvider router={router} />
        <OfflineBanner />
      </DialogsProvider>
    </QueryClientProvider>
  </StrictMode>,
);

captureInstallPrompt();
registerServiceWorker();
