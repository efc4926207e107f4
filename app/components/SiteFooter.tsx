import { Anchor, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { site } from "~/config/site";
import { NAV_LINKS } from "./nav-links";

export function SiteFooter() {
  return (
    <footer style={{ background: "#0b2e1f", color: "#d7eadf", marginTop: "4rem" }}>
      <Container size={1240} py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap={8}>
            <Title order={3} c="white" fz="lg">
              {site.name}
            </Title>
            <Text fz="sm">
              New, foreign-used (Tokunbo) and Nigerian-used cars, sold in naira with flexible car financing.
            </Text>
            <Anchor component={Link} to="/financing" c="gold.4" fz="sm" fw={700}>
              Flexible car financing →
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Title order={4} c="white" fz="md">
              After-sales services
            </Title>
            {site.afterSalesServices.map((s) => (
              <Text key={s} fz="sm">
                {s}
              </Text>
            ))}
          </Stack>
          <Stack gap={6}>
            <Title order={4} c="white" fz="md">
              Visit us
            </Title>
            <Text fz="sm">Office: {site.office}</Text>
            {site.hours.map((h) => (
              <Text key={h.days} fz="sm">
                {h.days}: {h.time}
              </Text>
            ))}
          </Stack>
          <Stack gap={6}>
            <Title order={4} c="white" fz="md">
              Explore
            </Title>
            {NAV_LINKS.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} c="#d7eadf" fz="sm">
                {l.label}
              </Anchor>
            ))}
            <Anchor href={`mailto:${site.email}`} c="#d7eadf" fz="sm">
              {site.email}
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Text fz="xs" mt={40} c="#9cbcab">
          © {new Date().getFullYear()} {site.name}. All prices in Nigerian naira (₦).
        </Text>
      </Container>
    </footer>
  );
}
