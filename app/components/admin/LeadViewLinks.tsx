import { Button, Group } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { LeadView } from "~/lib/leads";

/**
 * Which leads the inbox shows, as links (so it works without JavaScript): the leads to answer (the
 * default), WhatsApp clicks and newsletter sign-ups, incomplete loan applications, or everything.
 * Each keeps the other filters.
 */
export function LeadViewLinks({
  view,
  views,
}: {
  view: LeadView;
  views: { view: LeadView; label: string; href: string }[];
}) {
  return (
    <Group component="nav" aria-label="Which leads" gap="xs">
      {views.map((v) => (
        <Button
          key={v.view}
          component={Link}
          to={v.href}
          size="compact-sm"
          radius="xl"
          variant={v.view === view ? "filled" : "default"}
          aria-current={v.view === view ? "page" : undefined}
        >
          {v.label}
        </Button>
      ))}
    </Group>
  );
}
