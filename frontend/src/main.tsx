import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { createQueryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import { createAppRouter } from './router';
import './styles.css';

// No `new Function` probe for zod's fast path: the Content Security Policy refuses eval and would
// report every probe as a violation.
z.config({ jitless: true });

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
