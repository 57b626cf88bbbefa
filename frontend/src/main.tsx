import { SERVER_HEAD_ATTRIBUTE } from '@daybreak/content';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmUpIntl } from '@/lib/intl-warm-up';
import { createQueryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import { createAppRouter } from './router';
import './styles.css';

// First, so the worker loads the date data while the app starts (see there).
warmUpIntl();

// The gateway wrote this page's tags into index.html for crawlers; from here the router's head
// management owns the head, and the server's tags must not outlive the first navigation.
document.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`).forEach((tag) => tag.remove());

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
