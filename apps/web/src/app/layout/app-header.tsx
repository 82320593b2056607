import type { Role, WebsiteImage } from '@app/shared';
import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { ResponsivePicture } from '../../components/responsive-picture.tsx';
import { Link, NavLink as RouterNavLink } from '../../lib/links.tsx';
import { navLinksFor } from './nav-links.ts';
import { useSignOut } from './sign-out.ts';

type AppHeaderProps = {
  businessName: string;
  role: Role | null;
  userName: string | null;
  /** The owner's logo (Website section); the name alone without one. */
  logo?: WebsiteImage | null;
};

// The menu's code loads the first time it is opened; most visitors on a phone never open it.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx').then((m) => ({ default: m.MenuDrawer })));

export function AppHeader({ businessName, role, userName, logo = null }: AppHeaderProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const { pathname } = useLocation();
  const links = navLinksFor(role);
  // The back office has its own shell; here only the lodger and the owner visiting client pages need the menu.
  const inline = role !== 'admin';
  const signOut = useSignOut(close);

  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--app-border)' }} bg="var(--mantine-color-body)">
      <Container size="lg" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to="/"
            fw={700}
            size="lg"
            c="var(--mantine-color-text)"
            ff="heading"
            underline="never"
            truncate
            aria-label={logo ? businessName : undefined}
          >
            {logo ? (
              <ResponsivePicture
                image={logo}
                alt=""
                sizes="160px"
                eager
                style={{ height: 40, width: 'auto', maxWidth: 180, objectFit: 'contain' }}
              />
            ) : (
              businessName
            )}
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            {inline && (
              <Group gap="md" visibleFrom="sm" component="nav" aria-label="Main">
                {links.map((link) => (
                  <Anchor key={link.to} component={RouterNavLink} to={link.to} end c="var(--mantine-color-text)">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            )}
            {role === null ? (
              <Button component={Link} to="/facebook_login" variant="light" size="sm">
                Sign in
              </Button>
            ) : (
              <Group gap="sm" visibleFrom="sm" wrap="nowrap">
                <Anchor component={Link} to="/account" c="var(--mantine-color-text)">
                  Account
                </Anchor>
                <Button variant="subtle" size="sm" onClick={signOut}>
                  Sign out
                </Button>
              </Group>
            )}
            <Burger
              opened={opened}
              onClick={() => {
                setMenuRequested(true);
                toggle();
              }}
              hiddenFrom={inline ? 'sm' : undefined}
              size="sm"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-expanded={opened}
            />
          </Group>
        </Group>
      </Container>

      {menuRequested && (
        <Suspense fallback={null}>
          <MenuDrawer
            opened={opened}
            onClose={close}
            links={links}
            role={role}
            userName={userName}
            pathname={pathname}
            onSignOut={signOut}
          />
        </Suspense>
      )}
    </Box>
  );
}
