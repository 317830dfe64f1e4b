import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { AuthProvider } from './auth/AuthProvider';
import { AppThemeProvider } from './components/AppThemeProvider';
import { ToastProvider } from './components/Toasts';
import { SocketProvider } from './realtime/SocketProvider';
import { OfflineNotice } from './pwa/OfflineNotice';
import { UpdateNotice } from './pwa/UpdateNotice';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <AuthProvider>
          <AppThemeProvider>
            <ToastProvider>
              <SocketProvider>
                <AppRoutes />
                <OfflineNotice />
                <UpdateNotice />
              </SocketProvider>
            </ToastProvider>
          </AppThemeProvider>
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
