import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageSpinner } from '../components/ui/full-page-spinner';
import { ADMIN_HOME } from '../features/admin/admin-sections';
import { ErrorPage } from '../features/errors/error-page';
import { loadAllNamespaces } from '../lib/i18n';
import { RootLayout } from './root-layout';

/**
 * A page that loads with the app's UI text: everything but the sign-in pages (whose few
 * namespaces ship in the entry), plus `extra` namespaces that only it uses (lib/i18n.ts). Text and
 * code load in parallel.
 */
async function withAllText<T>(load: Promise<T>, extra: readonly string[] = []): Promise<T> {
  const [loaded] = await Promise.all([load, loadAllNamespaces(extra)]);
  return loaded;
}

/**
 * The SPEC 2 route table. An unknown path reaches the catch-all at the end: a not-found page,
 * inside the app's frame for a signed-in user. The error element is for what crashes.
 *
 * Every page loads its code on demand (issue 26): the sign-in pages download no chat, the chat
 * downloads no sign-in forms. React Router runs the matched routes' `lazy` together, so a layout
 * and its page load in parallel. A failed import after an upgrade is handled by
 * reload-on-stale-chunk.ts (Vite's preload helper reports it).
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // While the first page's code and text load: a spinner that fades in only if that takes a
    // while (a fast load shows none).
    hydrateFallbackElement: (
      <div className="animate-[fade-in_200ms_ease-out_400ms_both]">
        <FullPageSpinner />
      </div>
    ),
    children: [
      {
        lazy: async () => ({ Component: (await import('../features/auth/auth-layout')).AuthLayout }),
        children: [
          { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
          {
            path: 'login/2fa',
            lazy: async () => ({ Component: (await import('../features/auth/two-factor-page')).TwoFactorPage }),
          },
          {
            path: 'register',
            lazy: async () => ({ Component: (await import('../features/auth/register-page')).RegisterPage }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }),
          },
          {
            path: 'verify',
            lazy: async () => ({ Component: (await import('../features/auth/verify-email-page')).VerifyEmailPage }),
          },
        ],
      },
      {
        path: 'share/:shareId',
        lazy: async () => ({ Component: (await withAllText(import('../features/share/share-page'))).SharePage }),
      },
      {
        path: 'tos',
        lazy: async () => ({ Component: (await withAllText(import('../features/legal/policy-page'))).TermsPage }),
      },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await withAllText(import('../features/legal/policy-page'))).PrivacyPage }),
      },
      // Issue 23: the test mode's checkout and billing portal (no Stripe key set).
      {
        path: 'checkout/test/:sessionId',
        lazy: async () => ({
          Component: (await withAllText(import('../features/subscriptions/test-checkout-page'), ['subscriptions']))
            .TestCheckoutPage,
        }),
      },
      {
        lazy: async () => ({ Component: (await withAllText(import('../features/layout/app-layout'))).AppLayout }),
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <Navigate to="/c/new" replace /> },
          {
            path: 'c/:conversationId?',
            lazy: async () => {
              // The markdown renderer downloads beside the chat's code, not once that code runs: a
              // conversation's rows wait for it (use-markdown-ready.ts). The chat's own import
              // reports a failure.
              void import('../features/chat/markdown/markdown').catch(() => undefined);
              return { Component: (await import('./chat-route')).ChatRoute };
            },
          },
          {
            path: 'search',
            lazy: async () => ({ Component: (await import('../features/search/search-page')).SearchPage }),
          },
          // Issue 36: the prompts library, at LibreChat's path.
          {
            path: 'd/prompts',
            lazy: async () => ({ Component: (await import('../features/prompts/prompts-layout')).PromptsLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/prompts/prompts-index')).PromptsIndex }),
              },
              {
                path: 'new',
                lazy: async () => ({
                  Component: (await import('../features/prompts/prompt-create-page')).PromptCreatePage,
                }),
              },
              {
                path: ':groupId',
                lazy: async () => ({
                  Component: (await import('../features/prompts/prompt-detail-page')).PromptDetailPage,
                }),
              },
            ],
          },
          // Issue 25: the first run's setup screen and the Admin area (administrators only).
          {
            path: 'setup',
            lazy: async () => ({
              Component: (await withAllText(import('../features/setup/setup-page'))).SetupPage,
            }),
          },
          // Issue 40: the Admin area, one layout with its sections as tabs (admin-sections.ts).
          {
            path: 'admin',
            lazy: async () => ({ Component: (await withAllText(import('../features/admin/admin-layout'))).AdminLayout }),
            children: [
              { index: true, element: <Navigate to={ADMIN_HOME} replace /> },
              {
                path: 'users',
                lazy: async () => ({
                  Component: (await import('../features/admin/users/admin-users-page')).AdminUsersPage,
                }),
              },
              {
                path: 'roles',
                lazy: async () => ({
                  Component: (await import('../features/admin/roles/admin-roles-page')).AdminRolesPage,
                }),
              },
              {
                path: 'banners',
                lazy: async () => ({
                  Component: (await import('../features/admin/banners/admin-banners-page')).AdminBannersPage,
                }),
              },
              {
                path: 'usage',
                lazy: async () => ({
                  Component: (await import('../features/admin/usage/admin-usage-page')).AdminUsagePage,
                }),
              },
              {
                path: 'audit',
                lazy: async () => ({
                  Component: (await import('../features/admin/audit/admin-audit-page')).AdminAuditPage,
                }),
              },
              {
                path: 'endpoints',
                lazy: async () => ({
                  Component: (await import('../features/setup/admin-endpoints-page')).AdminEndpointsPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await withAllText(import('../features/errors/not-found-route'))).NotFoundRoute,
        }),
      },
    ],
  },
]);
