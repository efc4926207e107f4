import { AppShell, Box, Button, Group, Paper, Text, UnstyledButton } from "@mantine/core";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { ADMIN_IDLE_TIMEOUT_MS } from "~/config/constants";
import { initials, useBusiness } from "~/lib/business";
import type { Role } from "~/lib/roles";
import { MenuIcon } from "../ui/Icon";
import classes from "./AdminShell.module.css";
import { isActive, navFor } from "./nav";
import { useInactivityLogout } from "./useInactivityLogout";

function Icon({ d }: { d: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d={d} />
    </svg>
  );
}

/** A minute before the idle logout: say so, and let the admin stay. */
function IdleWarning({ onStay }: { onStay: () => void }) {
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="idle-warning"
      shadow="lg"
      withBorder
      radius="md"
      p="md"
      className={classes.idleWarning}
    >
      <Text fw={700} id="idle-warning">
        You will be signed out in a minute
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Nothing has happened on this page for a while. An unsent car form is kept on this device.
      </Text>
      <Button onClick={onStay} fullWidth>
        Stay signed in
      </Button>
    </Paper>
  );
}

function NavLinks({ pathname, role }: { pathname: string; role: Role }) {
  return (
    <nav aria-label="Admin">
      <ul className={classes.navList}>
        {navFor(role).map((item) => {
          const active = isActive(pathname, item.to);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                prefetch="intent"
                className={classes.navLink}
                data-active={active || undefined}
                aria-current={active ? "page" : undefined}
              >
                <Icon d={item.icon} />
                <span>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function LogoutButton({ fullWidth }: { fullWidth?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.formAction === "/admin/logout";
  return (
    <Form method="post" action="/admin/logout">
      <Button type="submit" variant="default" color="gray" fullWidth={fullWidth} loading={busy}>
        Logout
      </Button>
    </Form>
  );
}

/**
 * The back-office frame: a fixed side navigation on wide screens; on phones a burger that is a
 * native <details>, so it opens with or without JavaScript.
 */
export function AdminShell({ username, role, children }: { username: string; role: Role; children: ReactNode }) {
  const site = useBusiness();
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const idle = useInactivityLogout(ADMIN_IDLE_TIMEOUT_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone menu on every navigation
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: true } }}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <details ref={menu} className={classes.burger}>
              <summary aria-label="Open the admin menu">
                <MenuIcon />
              </summary>
              <div className={classes.mobileMenu}>
                <NavLinks pathname={pathname} role={role} />
                <Box px="sm" pt="sm">
                  <LogoutButton fullWidth />
                </Box>
              </div>
            </details>
            <UnstyledButton component={Link} to="/admin" className={classes.brand}>
              <span className={classes.brandMark} aria-hidden="true">
                {initials(site.name)}
              </span>
              <span>
                <Text component="span" fw={800} size="sm" display="block" lh={1.1}>
                  {site.shortName}
                </Text>
                <Text component="span" size="xs" c="dimmed" display="block" lh={1.1}>
                  Back office
                </Text>
              </span>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="xs">
              Signed in as <b>{username}</b>
            </Text>
            <Link to="/" className={classes.siteLink}>
              View site
            </Link>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} p="sm">
        <AppShell.Section grow>
          <NavLinks pathname={pathname} role={role} />
        </AppShell.Section>
        <AppShell.Section pt="sm" className={classes.navFooter}>
          <LogoutButton fullWidth />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main component="div" className={classes.main}>
        {children}
      </AppShell.Main>
      {idle.warning ? <IdleWarning onStay={idle.stay} /> : null}
    </AppShell>
  );
}
