// Routes of SPEC.md section 2, each screen loaded lazily in its own chunk. Dashboard, analytics and
// settings need a session (DESIGN.md section 9): signed-out users go to /login and come back after.
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
      { index: true, lazy: async () => ({ Component: (await import('@/features/landing/landing-page')).LandingPage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('@/features/auth/signup-page')).SignupPage }) },
      { path: 'docs', lazy: async () => ({ Component: (await import('@/features/docs/docs-page')).DocsPage }) },
      { path: 'support', lazy: async () => ({ Component: (await import('@/features/support/support-page')).SupportPage }) },
      { path: 'privacy', lazy: async () => ({ Component: (await import('@/features/legal/privacy-page')).PrivacyPage }) },
      { path: 'terms', lazy: async () => ({ Component: (await import('@/features/legal/terms-page')).TermsPage }) },
      { path: 'device-info', lazy: async () => ({ Component: (await import('@/features/device-info/device-info-page')).DeviceInfoPage }) },
      { path: 'security', lazy: async () => ({ Component: (await import('@/features/security/security-page')).SecurityPage }) },
      { path: 'verify', lazy: async () => ({ Component: (await import('@/features/verify-report/verify-page')).VerifyPage }) },
      { path: 'v/:manifestId', lazy: async () => ({ Component: (await import('@/features/verify-report/manifest-report-page')).ManifestReportPage }) },
      {
        Component: RequireAuth,
        children: [
          { path: 'dashboard', lazy: async () => ({ Component: (await import('@/features/dashboard/dashboard-page')).DashboardPage }) },
          { path: 'analytics', lazy: async () => ({ Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage }) },
          { path: 'settings', lazy: async () => ({ Component: (await import('@/features/settings/settings-page')).SettingsPage }) },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('@/features/not-found/not-found-page')).NotFoundPage }) },
    ],
  },
];

export const router = createBrowserRouter(routes);
