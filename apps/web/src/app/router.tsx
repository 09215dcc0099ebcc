import { createBrowserRouter, Navigate } from 'react-router';
import { AuthLayout } from '../features/auth/auth-layout';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { TwoFactorPage } from '../features/auth/two-factor-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { ChatPage } from '../features/chat/chat-page';
import { ConversationRouteExtras } from '../features/conversations/conversation-header-actions';
import { ErrorPage } from '../features/errors/error-page';
import { AppLayout } from '../features/layout/app-layout';
import { SearchPage } from '../features/search/search-page';
import { RootLayout } from './root-layout';

/**
 * The SPEC 2 route table. An unknown path matches nothing, so the router raises a 404 that the
 * root errorElement shows as the generic error page.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'login/2fa', element: <TwoFactorPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'verify', element: <VerifyEmailPage /> },
        ],
      },
      // Public pages load their code on demand (the policy pages bring a markdown renderer).
      {
        path: 'share/:shareId',
        lazy: async () => ({ Component: (await import('../features/share/share-page')).SharePage }),
      },
      { path: 'tos', lazy: async () => ({ Component: (await import('../features/legal/policy-page')).TermsPage }) },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('../features/legal/policy-page')).PrivacyPage }),
      },
      // Issue 23: the test mode's checkout and billing portal (no Stripe key set).
      {
        path: 'checkout/test/:sessionId',
        lazy: async () => ({
          Component: (await import('../features/subscriptions/test-checkout-page')).TestCheckoutPage,
        }),
      },
      {
        element: <AppLayout />,
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <Navigate to="/c/new" replace /> },
          {
            path: 'c/:conversationId?',
            element: (
              <>
                <ChatPage />
                <ConversationRouteExtras />
              </>
            ),
          },
          { path: 'search', element: <SearchPage /> },
          // Issue 25: the first run's setup screen and the Admin area (administrators only).
          {
            path: 'setup',
            lazy: async () => ({ Component: (await import('../features/setup/setup-page')).SetupPage }),
          },
          { path: 'admin', element: <Navigate to="/admin/endpoints" replace /> },
          {
            path: 'admin/endpoints',
            lazy: async () => ({
              Component: (await import('../features/setup/admin-endpoints-page')).AdminEndpointsPage,
            }),
          },
        ],
      },
    ],
  },
]);
