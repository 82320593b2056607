import type { Role } from '@app/shared';
import {
  Anchor,
  AppShell,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Menu,
  NavLink,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { apiFetch } from '../../lib/api-client.ts';
import { NavIcon } from './nav-icons.tsx';
import { type BackOfficeSection, backOfficeSectionsFor } from './nav-links.ts';

const roleLabels: Record<Role, string> = { user: 'Client', lodger: 'Lodger', admin: 'Admin' };
const BOTTOM_BAR_SECTIONS = 4;

/** Requests waiting for the owner's approval, counted beside Dashboard and Bookings; refreshed with every booking change. */
const pendingCountQuery = {
  queryKey: ['bookings', 'admin', 'pending-count'],
  queryFn: async () => (await apiFetch<{ total: number }>('/admin/bookings?status=pending&pageSize=1')).total,
  staleTime: 30_000,
};

function isCurrent(section: BackOfficeSection, pathname: string) {
  return pathname === section.to || pathname.startsWith(`${section.to}/`);
}

function PendingBadge({ count, id }: { count: number; id: string }) {
  if (count <= 0) return null;
  return (
    <>
      <Badge size="sm" variant="filled" color="red.9" circle={count < 10} aria-hidden>
        {count}
      </Badge>
      <VisuallyHidden id={id}>{count} waiting for approval</VisuallyHidden>
    </>
  );
}

function SectionLinks({
  sections,
  pathname,
  pending,
  idPrefix,
  onNavigate,
}: {
  sections: BackOfficeSection[];
  pathname: string;
  pending: number;
  idPrefix: string;
  onNavigate?: () => void;
}) {
  return sections.map((section) => {
    const counted = (section.id === 'dashboard' || section.id === 'bookings') && pending > 0;
    const countId = `${idPrefix}-${section.id}-pending`;
    return (
      <NavLink
        key={section.to}
        component={RouterNavLink}
        to={section.to}
        label={section.label}
        leftSection={<NavIcon name={section.icon} />}
        rightSection={counted ? <PendingBadge count={pending} id={countId} /> : undefined}
        active={isCurrent(section, pathname)}
        aria-describedby={counted ? countId : undefined}
        onClick={onNavigate}
        variant="filled"
        py="sm"
      />
    );
  });
}

function ColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <Switch
      label="Dark mode"
      size="md"
      checked={computed === 'dark'}
      onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
    />
  );
}

function AccountMenu({ role, userName, onSignOut }: { role: Role; userName: string | null; onSignOut: () => void }) {
  return (
    <Menu position="bottom-end" width={240} closeOnItemClick>
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
        <Box px="sm" py="xs">
          <ColorSchemeSwitch />
        </Box>
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
  const pending = useQuery({ ...pendingCountQuery, enabled: role === 'admin' }).data ?? 0;
  const withBottomBar = sections.length > 1;
  const barSections = sections.slice(0, BOTTOM_BAR_SECTIONS);
  const moreSections = sections.slice(BOTTOM_BAR_SECTIONS);
  const moreIsCurrent = moreSections.some((section) => isCurrent(section, pathname));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: true } }}
      footer={withBottomBar ? { height: { base: 64, md: 0 } } : undefined}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" fw={700} size="lg" c="var(--mantine-color-text)" underline="never" truncate>
            {businessName}
          </Anchor>
          <AccountMenu role={role} userName={userName} onSignOut={onSignOut} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main">
        <AppShell.Section grow>
          <Stack gap={2}>
            <SectionLinks sections={sections} pathname={pathname} pending={pending} idPrefix="side" />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main">{children}</AppShell.Main>

      {withBottomBar && (
        <AppShell.Footer hiddenFrom="md" component="nav" aria-label="Sections" p={0}>
          <SimpleGrid cols={BOTTOM_BAR_SECTIONS + 1} spacing={0} h="100%">
            {barSections.map((section) => {
              const current = isCurrent(section, pathname);
              const counted = (section.id === 'dashboard' || section.id === 'bookings') && pending > 0;
              return (
                <UnstyledButton
                  key={section.to}
                  component={RouterNavLink}
                  to={section.to}
                  aria-describedby={counted ? `bar-${section.id}-pending` : undefined}
                  c={current ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-text)'}
                  style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
                >
                  <Box pos="relative">
                    <NavIcon name={section.icon} size={22} />
                    {counted && (
                      <Box pos="absolute" top={-6} left={14}>
                        <PendingBadge count={pending} id={`bar-${section.id}-pending`} />
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
              c={moreIsCurrent ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-text)'}
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

      <Drawer.Root opened={moreOpened} onClose={more.close} position="bottom" size="auto">
        <Drawer.Overlay />
        <Drawer.Content>
          {/* A div, not Mantine's <header>: the site header is the page's only banner. */}
          <Drawer.Header component="div">
            <Drawer.Title fw={700}>More</Drawer.Title>
            <Drawer.CloseButton aria-label="Close" />
          </Drawer.Header>
          <Drawer.Body>
            <Stack gap={2} component="nav" aria-label="More sections" pb="md">
              <SectionLinks
                sections={moreSections}
                pathname={pathname}
                pending={pending}
                idPrefix="more"
                onNavigate={more.close}
              />
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </AppShell>
  );
}
