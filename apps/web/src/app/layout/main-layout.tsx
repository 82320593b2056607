import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { usePublicConfig } from '../../lib/config/api.ts';
import { setTitleSuffix } from '../../lib/page-title.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { anyTrackerConfigured } from '../boot/consent.ts';
import { guardRedirect, isBackOffice, roleMatters } from '../guard.ts';
import { lazyPart } from '../lazy-part.ts';
import { usePendingUpdate } from '../update/update-store.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { useSignOut } from './sign-out.ts';

// Loaded only when an email or OAuth link lands with its query, so ordinary visits do not pay for the forms.
const AuthQueryNotices = lazyPart('authQueryNotices');
const authQueries = ['resetpassword', 'verified', 'error'];

// The dialog's code loads when an update is pending. Should that chunk be gone (the release it belongs to was
// replaced), the preload-error handler in main.tsx reloads into the new release, which shows it.
const UpdateDialog = lazyPart('updateDialog');

// Shown only while a guarded page waits for the session (never on the public pages): its code waits until then.
const AppLoadingOverlay = lazy(() => import('../loading-overlay.tsx').then((m) => ({ default: m.AppLoadingOverlay })));

// The back office's sidebar and bottom bar load with its first screen; public pages never fetch them.
const BackOfficeShell = lazyPart('backOfficeShell');

// The banner's code, and the trackers' it starts, load only where the business configured a tracker.
const ConsentBanner = lazy(() => import('./consent-banner.tsx').then((m) => ({ default: m.ConsentBanner })));

/** The one layout every screen sits in; it also applies the navigation guard before showing a screen. */
export function MainLayout() {
  const location = useLocation();
  const { data: config } = usePublicConfig();
  const { user, role, isPending, secondFactor } = useCurrentUser();
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
  const lacksSecondFactor = !secondFactor;
  const redirectTo = waitForSession ? null : guardRedirect(location.pathname, role, lacksSecondFactor);

  // The owner and the lodger see back-office pages in the back office's own shell (sidebar, bottom bar).
  const backOfficeRole =
    !waitForSession && redirectTo === null && (role === 'admin' || role === 'lodger') && isBackOffice(location.pathname)
      ? role
      : null;
  const signOut = useSignOut();

  // A skeleton of the page, never a blank one, while a screen's code loads.
  const screen =
    redirectTo !== null ? (
      <Navigate to={redirectTo} replace />
    ) : (
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    );

  const extras = (
    <>
      {config && anyTrackerConfigured(config.analytics) && (
        <Suspense fallback={null}>
          <ConsentBanner analytics={config.analytics} />
        </Suspense>
      )}
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
    </>
  );

  if (backOfficeRole)
    return (
      <>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Suspense fallback={<PageSkeleton />}>
          <BackOfficeShell
            businessName={businessName}
            role={backOfficeRole}
            userName={user?.name ?? null}
            onSignOut={signOut}
          >
            <OfflineNotice />
            {screen}
          </BackOfficeShell>
        </Suspense>
        {extras}
      </>
    );

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
          <Suspense fallback={null}>
            <AppLoadingOverlay visible message="Loading…" />
          </Suspense>
        ) : (
          screen
        )}
      </Box>
      <AppFooter businessName={businessName} />
      {extras}
    </Box>
  );
}
