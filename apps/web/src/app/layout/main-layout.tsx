import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { usePublicConfig } from '../../features/config/api.ts';
import { setTitleSuffix } from '../../lib/page-title.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { guardRedirect, roleMatters } from '../guard.ts';
import { withFullStyles } from '../styles/with-full-styles.ts';
import { usePendingUpdate } from '../update/update-store.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { ConsentBanner } from './consent-banner.tsx';
import { OfflineNotice } from './offline-notice.tsx';

// Loaded only when an email or OAuth link lands with its query, so ordinary visits do not pay for the forms.
const AuthQueryNotices = lazy(() =>
  withFullStyles(() => import('../../features/auth/components/auth-query-notices.tsx')).then((m) => ({
    default: m.AuthQueryNotices,
  })),
);
const authQueries = ['resetpassword', 'verified', 'error'];

// The dialog's code loads when an update is pending. Should that chunk be gone (the release it belongs to was
// replaced), the preload-error handler in main.tsx reloads into the new release, which shows it.
const UpdateDialog = lazy(() =>
  withFullStyles(() => import('../update/update-dialog.tsx')).then((m) => ({ default: m.UpdateDialog })),
);

const noAnalytics = {};

/** The one layout every screen sits in; it also applies the navigation guard before showing a screen. */
export function MainLayout() {
  const location = useLocation();
  const { data: config } = usePublicConfig();
  const { user, role, isPending } = useCurrentUser();
  const pendingUpdate = usePendingUpdate();
  const businessName = config?.businessName ?? 'Massage';

  const searchParams = new URLSearchParams(location.search);
  const landedWithAuthQuery = authQueries.some((name) => searchParams.has(name));
  const [authNoticesMounted, setAuthNoticesMounted] = useState(landedWithAuthQuery);
  useEffect(() => {
    if (landedWithAuthQuery) setAuthNoticesMounted(true);
  }, [landedWithAuthQuery]);

  useEffect(() => {
    if (config?.businessName) setTitleSuffix(config.businessName);
  }, [config?.businessName]);

  // better-auth reports pending again on every refetch of a signed-out visitor; only the first answer matters here.
  const [sessionKnown, setSessionKnown] = useState(!isPending);
  useEffect(() => {
    if (!isPending) setSessionKnown(true);
  }, [isPending]);
  const waitForSession = isPending && !sessionKnown && roleMatters(location.pathname);
  const lacksSecondFactor = (user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled !== true;
  const redirectTo = waitForSession ? null : guardRedirect(location.pathname, role, lacksSecondFactor);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppHeader
        businessName={businessName}
        role={role}
        userName={user?.name ?? null}
        logo={config?.website?.logo ?? null}
      />
      <OfflineNotice />
      <Box component="main" id="main" style={{ flex: 1 }} pos="relative">
        {waitForSession ? (
          <PageSkeleton />
        ) : redirectTo !== null ? (
          <Navigate to={redirectTo} replace />
        ) : (
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        )}
      </Box>
      <AppFooter businessName={businessName} />
      <ConsentBanner analytics={config?.analytics ?? noAnalytics} />
      {authNoticesMounted && (
        <Suspense fallback={null}>
          <AuthQueryNotices />
        </Suspense>
      )}
      {pendingUpdate && (
        <Suspense fallback={null}>
          <UpdateDialog />
        </Suspense>
      )}
    </Box>
  );
}
