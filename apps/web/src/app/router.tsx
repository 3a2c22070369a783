// Routes of, each screen loaded lazily in its own chunk. Dashboard (and a batch job's results and
// items), analytics and settings need a session: signed-out users go to /login and come back after.
// Each route's handle names the page for the document title (see RootLayout).
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { RouteFallback } from './layout/route-fallback';
import { RequireAuth } from './require-auth';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, handle: { title: 'Content Credentials for images and video' }, lazy: async () => ({ Component: (await import('@/features/landing/landing-page')).LandingPage }) },
      { path: 'login', handle: { title: 'Sign In' }, lazy: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }) },
      { path: 'signup', handle: { title: 'Create Account' }, lazy: async () => ({ Component: (await import('@/features/auth/signup-page')).SignupPage }) },
      { path: 'confirm-sign-up', handle: { title: 'Confirm Account' }, lazy: async () => ({ Component: (await import('@/features/auth/confirm-sign-up-page')).ConfirmSignUpPage }) },
      { path: 'docs', handle: { title: 'API Docs' }, lazy: async () => ({ Component: (await import('@/features/docs/docs-page')).DocsPage }) },
      { path: 'support', handle: { title: 'Support Center' }, lazy: async () => ({ Component: (await import('@/features/support/support-page')).SupportPage }) },
      { path: 'privacy', handle: { title: 'Privacy Policy' }, lazy: async () => ({ Component: (await import('@/features/legal/privacy-page')).PrivacyPage }) },
      { path: 'terms', handle: { title: 'Terms of Service' }, lazy: async () => ({ Component: (await import('@/features/legal/terms-page')).TermsPage }) },
      { path: 'device-info', handle: { title: 'Device Information' }, lazy: async () => ({ Component: (await import('@/features/device-info/device-info-page')).DeviceInfoPage }) },
      { path: 'security', handle: { title: 'Native Platform Features' }, lazy: async () => ({ Component: (await import('@/features/native-features/native-features-page')).NativeFeaturesPage }) },
      { path: 'verify', handle: { title: 'Verification Report' }, lazy: async () => ({ Component: (await import('@/features/verify-report/verify-page')).VerifyPage }) },
      { path: 'v/:manifestId', handle: { title: 'Verification Report' }, lazy: async () => ({ Component: (await import('@/features/verify-report/manifest-report-page')).ManifestReportPage }) },
      {
        Component: RequireAuth,
        children: [
          { path: 'dashboard', handle: { title: 'Signing Dashboard' }, lazy: async () => ({ Component: (await import('@/features/dashboard/dashboard-page')).DashboardPage }) },
          { path: 'analytics', handle: { title: 'Analytics' }, lazy: async () => ({ Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage }) },
          { path: 'jobs/:jobId', handle: { title: 'Batch job results' }, lazy: async () => ({ Component: (await import('@/features/dashboard/job-results-page')).JobResultsPage }) },
          { path: 'jobs/:jobId/items/:index', handle: { title: 'Verification Report' }, lazy: async () => ({ Component: (await import('@/features/verify-report/job-item-report-page')).JobItemReportPage }) },
          { path: 'settings', handle: { title: 'Account Settings' }, lazy: async () => ({ Component: (await import('@/features/settings/settings-page')).SettingsPage }) },
        ],
      },
      { path: '*', handle: { title: 'Page not found' }, lazy: async () => ({ Component: (await import('@/features/not-found/not-found-page')).NotFoundPage }) },
    ],
  },
];

export const router = createBrowserRouter(routes);
