import { useEffect, useState } from "react";
import { SLIDESHOW_INTERVAL_MS } from "~/config/constants";
import { useBusiness } from "~/lib/business";
import type { HeroSlideView } from "~/lib/hero-slide-schema";
import { ButtonAnchor, ButtonLink } from "../ui/Button";
import { Container } from "../ui/Container";
import classes from "./Hero.module.css";

const WELCOME = {
  heading: "Drive home your next car with confidence",
  text: "New, foreign-used (Tokunbo) and Nigerian-used cars, inspected and priced in naira, with flexible financing.",
};

/**
 * The hero: a looping muted video when `video` is given and it plays, else (or when it fails)
 * the slideshow, one slide every SLIDESHOW_INTERVAL_MS, its words changing with the photo.
 * Without JavaScript the first slide shows.
 */
export function Hero({
  slides,
  video,
  children,
}: {
  slides: HeroSlideView[];
  video?: string;
  children?: React.ReactNode;
}) {
  const { area } = useBusiness();
  const [current, setCurrent] = useState(0);
  const [videoFailed, setVideoFailed] = useState(!video);
  const showVideo = video && !videoFailed;
  const shown = slides[showVideo ? 0 : current];
  const words = shown?.heading ? { heading: shown.heading, text: shown.text ?? "" } : WELCOME;
  const link = shown?.heading ? shown.link : null;
  useEffect(() => {
    if (showVideo || slides.length < 2) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduce) return;
    const t = window.setInterval(() => setCurrent((i) => (i + 1) % slides.length), SLIDESHOW_INTERVAL_MS);
    return () => window.clearInterval(t);
  }, [showVideo, slides.length]);

  return (
    <section className={classes.hero} aria-label="Welcome">
      <div className={classes.media} aria-hidden="true">
        {showVideo ? (
          <video
            className={classes.slide}
            data-active="true"
            src={video}
            autoPlay
            muted
            loop
            playsInline
            onError={() => setVideoFailed(true)}
            poster={slides[0]?.image}
          />
        ) : (
          slides.map((slide, i) => (
            <img
              key={slide.image}
              src={slide.image}
              alt=""
              className={classes.slide}
              data-active={i === current}
              data-testid="hero-slide"
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
            />
          ))
        )}
      </div>
      <Container className={classes.content}>
        <p className={classes.eyebrow}>{area}</p>
        <h1 className={classes.title} data-testid="hero-heading">
          {words.heading}
        </h1>
        {words.text ? <p className={classes.lead}>{words.text}</p> : null}
        <div className={classes.actions}>
          {link?.startsWith("/") ? (
            <ButtonLink to={link} size="lg" variant="gold">
              Find out more
            </ButtonLink>
          ) : link ? (
            <ButtonAnchor href={link} size="lg" variant="gold" rel="noopener">
              Find out more
            </ButtonAnchor>
          ) : (
            <ButtonLink to="/browse" size="lg" variant="gold">
              Explore Now
            </ButtonLink>
          )}
          <ButtonLink to="/book-inspection" size="lg" variant="white">
            Book Inspection
          </ButtonLink>
        </div>
        {children ? <div className={classes.search}>{children}</div> : null}
      </Container>
      {!showVideo && slides.length > 1 ? (
        <div className={classes.dots} aria-hidden="true">
          {slides.map((s, i) => (
            <span key={s.image} data-active={i === current} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
