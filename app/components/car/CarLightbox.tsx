import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Car } from "~/models/car.server";
import { whatsappLink } from "~/config/site";
import { formatNaira } from "~/lib/money";
import { carTitle } from "../CarCard";
import { CarFacts, KeyFeatures } from "./CarDetails";
import { PhotoViewer } from "./PhotoViewer";

export type LightboxCar = Omit<Car, "vin" | "car_history" | "other_info">;

export function inspectionHref(car: { make: string; model: string }) {
  return `/book-inspection?${new URLSearchParams({ make: car.make, model: car.model })}`;
}

/**
 * Which car the lightbox shows. Opening it writes /cars/<id> into the address bar (a link to
 * share; the server renders that page too) and closing puts the previous address back. It uses
 * replaceState with the router's own state object, so Remix's history stays as it was.
 */
export function useCarLightbox() {
  const [car, setCar] = useState<LightboxCar | null>(null);
  const previous = useRef<string | null>(null);
  const open = useCallback((next: LightboxCar) => {
    if (previous.current === null) previous.current = window.location.pathname + window.location.search + window.location.hash;
    window.history.replaceState(window.history.state, "", `/cars/${next.id}`);
    setCar(next);
  }, []);
  const close = useCallback(() => {
    if (previous.current !== null) window.history.replaceState(window.history.state, "", previous.current);
    previous.current = null;
    setCar(null);
  }, []);
  // Leaving the page with the lightbox open (back button, a link inside it): forget the address.
  useEffect(() => () => void (previous.current = null), []);
  return { car, open, close };
}

/** The car view as a modal: photos, 'make model - year', price, key features and the facts. */
export function CarLightbox({ car, onClose }: { car: LightboxCar | null; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [car?.id]);
  useEffect(() => {
    if (!car || car.images.length < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowRight") setIndex((i) => i + 1);
      if (e.key === "ArrowLeft") setIndex((i) => i - 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [car]);
  const title = car ? carTitle(car) : "";
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal
      opened={car !== null}
      onClose={onClose}
      title={title}
      styles={{ title: { fontWeight: 800, fontSize: "var(--mantine-font-size-xl)" } }}
      size="72rem"
      centered
      fullScreen={phone}
      radius={phone ? 0 : "lg"}
      padding="lg"
      closeButtonProps={{ "aria-label": "Close" }}
      overlayProps={{ backgroundOpacity: 0.65, blur: 2 }}
      data-testid="car-lightbox"
    >
      {car ? (
        <div style={{ display: "grid", gap: "1.25rem", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 380px), 1fr))" }}>
          <PhotoViewer images={car.images} alt={title} index={index} onSelect={setIndex} />
          <Stack gap="md">
            <div>
              <Text fz={28} fw={900} c="brand.8" lh={1.1}>
                {formatNaira(car.price)}
              </Text>
              <Text c="dimmed" fz="sm" mt={4}>
                {car.car_description || "No description"}
              </Text>
            </div>
            <KeyFeatures features={car.keyfeatures} />
            <CarFacts car={car} />
            <Group gap="sm">
              <Button component={Link} to={inspectionHref(car)} onClick={onClose}>
                Book an inspection
              </Button>
              <Button component="a" href={whatsappLink(car)} target="_blank" rel="noopener noreferrer" variant="default" data-testid="lightbox-chat">
                Chat on WhatsApp
              </Button>
              <Button component="a" href={`/cars/${car.id}`} variant="subtle">
                Open full page
              </Button>
            </Group>
          </Stack>
        </div>
      ) : null}
    </Modal>
  );
}
