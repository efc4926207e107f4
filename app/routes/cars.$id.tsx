import { Alert, Anchor, Badge, Breadcrumbs, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { carTitle } from "~/components/CarCard";
import { CarFacts, KeyFeatures } from "~/components/car/CarDetails";
import { inspectionHref } from "~/components/car/CarLightbox";
import { PhotoViewer } from "~/components/car/PhotoViewer";
import { site, whatsappLink } from "~/config/site";
import { notFoundIfMissing } from "~/lib/http.server";
import { formatNaira } from "~/lib/money";
import { getCar, parseCarId, toPublicCar } from "~/models/car.server";

/**
 * The car view as a page (the lightbox's shareable URL; works without JavaScript). Unknown ids
 * are a 404. A sold car still shows, with a 'Sold' notice, so old shared links stay useful.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseCarId(params.id);
  const found = notFoundIfMissing(id ? await getCar(id) : null, "Car not found");
  // The page never shows the back-office fields.
  return { car: toPublicCar(found) };
}

export default function CarPage() {
  const { car } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const photo = Number(search.get("photo")) || 0;
  const title = carTitle(car);
  return (
    <Container size={1240} py={{ base: "md", sm: 32 }}>
      <Breadcrumbs mb="md" fz="sm">
        <Anchor component={Link} to="/">Home</Anchor>
        <Anchor component={Link} to="/browse">Browse Cars</Anchor>
        <Text fz="sm" c="dimmed">{title}</Text>
      </Breadcrumbs>
      <div style={{ display: "grid", gap: "2rem", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 420px), 1fr))" }}>
        <div style={{ position: "sticky", top: 84, alignSelf: "start" }}>
          <PhotoViewer images={car.images} alt={title} index={photo} linkFor={(i) => `/cars/${car.id}${i ? `?photo=${i}` : ""}`} />
        </div>
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={car.condition === "New" ? "brand" : "dark"} radius="sm">{car.condition}</Badge>
            <Badge variant="light" color="gray" radius="sm">{car.body_type}</Badge>
            {car.financing ? <Badge variant="light" color="gold" radius="sm">Financing available</Badge> : null}
          </Group>
          <Title order={1} fz={{ base: 26, sm: 34 }}>{title}</Title>
          <Text fz={32} fw={900} c="brand.8" lh={1}>{formatNaira(car.price)}</Text>
          {car.sold ? (
            <Alert color="red" variant="light" role="status" title="Sold">
              This car has been sold. Browse our current stock for similar cars.
            </Alert>
          ) : null}
          <Text c="dimmed">{car.car_description || "No description"}</Text>
          {car.sold ? (
            <Button component={Link} to={`/browse?${new URLSearchParams({ make: car.make })}`} size="md">
              See similar cars
            </Button>
          ) : (
            <Group gap="sm">
              <Button component={Link} to={inspectionHref(car)} size="md">Book an inspection</Button>
              <Button component="a" href={whatsappLink(car)} target="_blank" rel="noopener noreferrer" size="md" variant="default">
                Chat on WhatsApp
              </Button>
            </Group>
          )}
          <KeyFeatures features={car.keyfeatures} />
          <CarFacts car={car} />
          {car.location ? <Text fz="sm" c="dimmed">Location: {car.location}</Text> : null}
        </Stack>
      </div>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Car not found | ${site.name}` }];
  const { car } = data;
  const name = `${car.year} ${car.make} ${car.model}`;
  const price = formatNaira(car.price);
  return [
    { title: `${name} for ${price}${car.sold ? " (Sold)" : ""} | ${site.name}` },
    {
      name: "description",
      content: `${car.condition} ${name}, ${car.transmission ?? ""} ${car.fuel_type ?? ""}, ${price} at ${site.name}, ${site.office}. ${car.car_description ?? ""}`
        .replace(/\s+/g, " ")
        .trim(),
    },
    { property: "og:title", content: `${name} for ${price}` },
  ];
};
