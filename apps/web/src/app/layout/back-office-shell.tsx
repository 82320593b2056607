import type { Role } from '@app/shared';
import {
  Anchor,
  AppShell,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiFetch } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/config/api.ts';
import { Link, NavLink as RouterNavLink } from '../../lib/links.tsx';
import { todayIn } from '../../lib/zoned-time.ts';
import './back-office.css';
import { NavDrawer } from './nav-drawer.tsx';
import { NavIcon } from './nav-icons.tsx';
import { type BackOfficeSection, backOfficeSectionsFor } from './nav-links.ts';

const roleLabels: Record<Role, string> = { user: 'Client', lodger: 'Lodger', admin: 'Admin' };
const BOTTOM_BAR_SECTIONS = 4;

/**
 * Requests still waiting for the owner's approval (from today on, as the dashboard counts them), beside Dashboard
 * and Bookings. Under the 'bookings' key, so every booking change refreshes it.
 */
function usePendingCount(enabled: boolean): number {
  const timeZone = usePublicConfig().data?.timeZone ?? 'Europe/London';
  const from = todayIn(timeZone);
  const answer = useQuery({
    queryKey: ['bookings', 'admin', 'pending-count', from],
    queryFn: async () =>
      (await apiFetch<{ total: number }>(`/admin/bookings?status=pending&from=${from}&pageSize=1`)).total,
    staleTime: 30_000,
    enabled,
  });
  return answer.data ?? 0;
}

function isCurrent(section: BackOfficeSection, pathname: string) {
  return pathname === section.to || pathname.startsWith(`${section.to}/`);
}

/** Where the links' descriptions point: outside them, so a link's name stays the section's name. */
const PENDING_DESCRIPTION_ID = 'pending-approvals';

function PendingBadge({ count }: { count: number }) {
  return (
    <Badge size="sm" variant="filled" color="red.9" circle={count < 10} aria-hidden>
      {count}
    </Badge>
  );
}

const isCounted = (section: BackOfficeSection, pending: number) =>
  (section.id === 'dashboard' || section.id === 'bookings') && pending > 0;

function SectionLinks({
  sections,
  pathname,
  pending,
  onNavigate,
}: {
  sections: BackOfficeSection[];
  pathname: string;
  pending: number;
  onNavigate?: () => void;
}) {
  return sections.map((section) => {
    const counted = isCounted(section, pending);
    return (
      <NavLink
        key={section.to}
        component={RouterNavLink}
        to={section.to}
        label={section.label}
        leftSection={<NavIcon name={section.icon} />}
        rightSection={counted ? <PendingBadge count={pending} /> : undefined}
        active={isCurrent(section, pathname)}
        aria-describedby={counted ? PENDING_DESCRIPTION_ID : undefined}
        onClick={onNavigate}
        variant="filled"
        py="sm"
      />
    );
  });
}

const schemes = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Device' },
] as const;

function AccountMenu({ role, userName, onSignOut }: { role: Role; userName: string | null; onSignOut: () => void }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    // Fixed, not absolute: on a phone an absolute dropdown at the right edge widened the page while it opened, the
    // browser widened its layout to fit, and the dropdown was placed again, off the screen (a tap then missed it).
    <Menu position="bottom-end" width={240} closeOnItemClick floatingStrategy="fixed">
      <Menu.Target>
        <Button
          variant="subtle"
          c="var(--mantine-color-text)"
          aria-label="Account menu"
          leftSection={<NavIcon name="user" />}
          px="xs"
        >
          <Text span visibleFrom="sm" size="sm" maw={180} truncate>
            {userName ?? roleLabels[role]}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{userName ? `${userName} · ${roleLabels[role]}` : roleLabels[role]}</Menu.Label>
        <Menu.Item component={Link} to="/account">
          Account
        </Menu.Item>
        <Menu.Divider />
        {/* Light, dark or the device's own (the default), kept on this device (decision 040). */}
        <Menu.Label>Colour scheme</Menu.Label>
        {schemes.map((scheme) => (
          <Menu.Item
            key={scheme.value}
            leftSection={<span aria-hidden>{colorScheme === scheme.value ? '✓' : ''}</span>}
            onClick={() => setColorScheme(scheme.value)}
          >
            {scheme.label}
            {colorScheme === scheme.value && <VisuallyHidden> (chosen)</VisuallyHidden>}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onSignOut}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

type BackOfficeShellProps = {
  businessName: string;
  role: Role;
  userName: string | null;
  onSignOut: () => void;
  children: ReactNode;
};

/**
 * The back office's one layout, for the owner and the lodger: a permanent sidebar at 992 px and wider, a bottom bar
 * of the four most used sections and "More" on a phone; the header's name sits in line with the sidebar's items.
 */
export function BackOfficeShell({ businessName, role, userName, onSignOut, children }: BackOfficeShellProps) {
  const { pathname } = useLocation();
  const [moreOpened, more] = useDisclosure(false);
  const sections = backOfficeSectionsFor(role);
  const pending = usePendingCount(role === 'admin');
  const withBottomBar = sections.length > 1;
  const barSections = sections.slice(0, BOTTOM_BAR_SECTIONS);
  const moreSections = sections.slice(BOTTOM_BAR_SECTIONS);
  const moreIsCurrent = moreSections.some((section) => isCurrent(section, pathname));
  // Marks the page for back-office.css, dialogs (portals outside the shell) included.
  useEffect(() => {
    document.body.dataset.backOffice = '';
    return () => {
      delete document.body.dataset.backOffice;
    };
  }, []);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: true } }}
      footer={withBottomBar ? { height: { base: 64, md: 0 } } : undefined}
      padding={0}
    >
      <AppShell.Header>
        {/* The same insets as the sidebar (its padding, then an item's), so the name lines up with the icons below. */}
        <Group h="100%" px="xs" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to="/"
            px="sm"
            fw={700}
            size="lg"
            c="var(--mantine-color-text)"
            underline="never"
            truncate
          >
            {businessName}
          </Anchor>
          <AccountMenu role={role} userName={userName} onSignOut={onSignOut} />
          {pending > 0 && <VisuallyHidden id={PENDING_DESCRIPTION_ID}>{pending} waiting for approval</VisuallyHidden>}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main" visibleFrom="md">
        {/* Scrolls when the sections are taller than the window (a laptop's 720 px holds about 16 of them). */}
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            <SectionLinks sections={sections} pathname={pathname} pending={pending} />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main">{children}</AppShell.Main>

      {withBottomBar && (
        <AppShell.Footer hiddenFrom="md" component="nav" aria-label="Sections" p={0}>
          <SimpleGrid cols={BOTTOM_BAR_SECTIONS + 1} spacing={0} h="100%">
            {barSections.map((section) => {
              const current = isCurrent(section, pathname);
              const counted = isCounted(section, pending);
              return (
                <UnstyledButton
                  key={section.to}
                  component={RouterNavLink}
                  to={section.to}
                  aria-describedby={counted ? PENDING_DESCRIPTION_ID : undefined}
                  c={current ? 'var(--app-brand-text)' : 'var(--mantine-color-text)'}
                  style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
                >
                  <Box pos="relative">
                    <NavIcon name={section.icon} size={22} />
                    {counted && (
                      <Box pos="absolute" top={-6} left={14}>
                        <PendingBadge count={pending} />
                      </Box>
                    )}
                  </Box>
                  <Text span size="xs" fw={current ? 700 : 500}>
                    {section.label}
                  </Text>
                </UnstyledButton>
              );
            })}
            <UnstyledButton
              onClick={more.open}
              aria-expanded={moreOpened}
              aria-haspopup="dialog"
              c={moreIsCurrent ? 'var(--app-brand-text)' : 'var(--mantine-color-text)'}
              style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
            >
              <NavIcon name="more" size={22} />
              <Text span size="xs" fw={moreIsCurrent ? 700 : 500}>
                More
              </Text>
            </UnstyledButton>
          </SimpleGrid>
        </AppShell.Footer>
      )}

      <NavDrawer opened={moreOpened} onClose={more.close} position="bottom" size="auto" title="More" closeLabel="Close">
        <Stack gap={2} component="nav" aria-label="More sections" pb="md">
          <SectionLinks sections={moreSections} pathname={pathname} pending={pending} onNavigate={more.close} />
        </Stack>
      </NavDrawer>
    </AppShell>
  );
}
