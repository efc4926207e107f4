import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Section } from "~/components/home/Section";
import { WhyChooseUs } from "~/components/WhyChooseUs";
import { site } from "~/config/site";

const SERVICES = [
  {
    title: "Vehicle Importation & Sales",
    text: "We import new and foreign-used (Tokunbo) cars from trusted markets abroad, clear them at the port and sell them from our Lekki showroom, fully documented and ready to register.",
  },
  {
    title: "Consultation & Sourcing Services",
    text: "Not sure what to buy, or looking for a specific model? We advise on the right car for your budget and use, then source it for you at home or abroad.",
  },
];

export default function About() {
  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 48, sm: 80 }}>
        <Container size={1240}>
          <Text tt="uppercase" fz="xs" fw={800} c="gold.4" style={{ letterSpacing: "0.1em" }}>About Us</Text>
          <Title order={1} c="white" fz={{ base: 32, sm: 48 }} maw={760} mt={8}>
            Lagos drivers have trusted us for over 15 years
          </Title>
          <Text c="#d7eadf" fz="lg" maw={720} mt="md">
            {site.name} is a family-run dealership in {site.office}, selling new and foreign-used “Tokunbo” vehicles,
            alongside carefully chosen Nigerian-used cars, to families, professionals and businesses across Nigeria.
          </Text>
        </Container>
      </Box>

      <Container size={1240} py={{ base: 40, sm: 64 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="sm">
            <Title order={2}>Our story</Title>
            <Text>
              We started with a handful of cars on a small lot in Lekki and a simple promise: tell buyers the truth about
              every car. Over more than 15 years of experience that promise has grown into a showroom of new and
              foreign-used “Tokunbo” vehicles, a sourcing network abroad and thousands of happy customers.
            </Text>
            <Text>
              Every car we sell is inspected and priced openly in naira. After the sale we stay with you for servicing,
              insurance, registration and upgrades.
            </Text>
          </Stack>
          <Stack gap="md">
            <Card withBorder radius="lg" padding="lg">
              <Title order={3} fz="lg" c="brand.8">Our mission</Title>
              <Text mt={6}>To make buying a quality car in Nigeria simple, honest and affordable, with clear prices, real inspections and flexible financing.</Text>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={3} fz="lg" c="brand.8">Our vision</Title>
              <Text mt={6}>To be the most trusted car dealer in West Africa, known for the quality of our cars and the care we give every customer.</Text>
            </Card>
          </Stack>
        </SimpleGrid>
      </Container>

      <Section id="services" eyebrow="What we do" title="Our services" tinted>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {SERVICES.map((s) => (
            <Card key={s.title} withBorder radius="lg" padding="xl">
              <Title order={3} fz="xl">{s.title}</Title>
              <Text c="dimmed" mt="sm">{s.text}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="why" eyebrow="Why us" title="Why Choose Us">
        <WhyChooseUs />
        <Group mt="xl" gap="sm">
          <Button component={Link} to="/browse" size="md">Browse Cars</Button>
          <Button component={Link} to="/connect" size="md" variant="default">Connect with Us</Button>
        </Group>
      </Section>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `About Us | ${site.name}` },
  { name: "description", content: `${site.name}: over 15 years selling new and foreign-used (Tokunbo) cars in ${site.office}. Importation, sales, consultation and sourcing.` },
];
