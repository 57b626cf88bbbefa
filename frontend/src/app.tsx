import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { AppRouter } from './router';

interface AppProps {
  queryClient: QueryClient;
  router: AppRouter;
  /** Called once the first render is on the screen (a server-rendered page: hydrated). */
  onFirstCommit?: () => void;
}

/** The app's tree, the same on the server (entry-server.tsx) and in the browser (main.tsx). */
export function App({ queryClient, router, onFirstCommit }: AppProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <FirstCommit onCommit={onFirstCommit} />
    </StrictMode>
  );
}

function FirstCommit({ onCommit }: { onCommit?: () => void }) {
  // StrictMode runs effects twice in development; the ref-free guard is the caller's (main.tsx).
  useEffect(() => onCommit?.(), [onCommit]);
  return null;
}
