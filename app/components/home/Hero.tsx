import { useEffect, useRef, useState } from "react";
import { SLIDESHOW_INTERVAL_MS } from "~/config/constants";
import { useBusiness } from "~/lib/business";
import type { HeroSlideView } from "~/lib/hero-slide-schema";
import { isSiteOrHttpsLink, isSiteRelativeLink } from "~/lib/links";
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
 * Without JavaScript the first slide shows. The slideshow waits for the page to finish loading
 * and runs only while the hero is on screen and the tab visible; a photo is fetched just before
 * its turn (the first one alone competes with the page's first paint).
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
  /** How many slides have their photo (the ones shown so far and the next). */
  const [fetched, setFetched] = useState(1);
  const [running, setRunning] = useState(false);
  const [videoFailed, setVideoFailed] = useState(!video);
  const hero = useRef<HTMLElement>(null);
  const showVideo = video && !videoFailed;
  const shown = slides[showVideo ? 0 : current];
  const words = shown?.heading ? { heading: shown.heading, text: shown.text ?? "" } : WELCOME;
  // A link stored before the one link rule (app/lib/links.ts) is not shown if it breaks it.
  const link = shown?.heading && shown.link && isSiteOrHttpsLink(shown.link) ? shown.link : null;
  const count = slides.length;

  useEffect(() => {
    const el = hero.current;
    if (showVideo || count < 2 || !el) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let onScreen = false;
    const update = () => setRunning(onScreen && document.visibilityState === "visible");
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry.isIntersecting;
      update();
    });
    const start = () => observer.observe(el);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    document.addEventListener("visibilitychange", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("load", start);
      document.removeEventListener("visibilitychange", update);
    };
  }, [showVideo, count]);

  useEffect(() => {
    if (!running) return;
    const t = window.setInterval(() => setCurrent((i) => (i + 1) % count), SLIDESHOW_INTERVAL_MS);
    return () => window.clearInterval(t);
  }, [running, count]);
  // The next photo is fetched while the current one shows.
  useEffect(() => {
    if (running) setFetched((n) => Math.min(count, Math.max(n, current + 2)));
  }, [running, current, count]);

  return (
    <section className={classes.hero} aria-label="Welcome" ref={hero} data-running={running || undefined}>
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
              src={i < fetched ? slide.image : undefined}
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
          {link && isSiteRelativeLink(link) ? (
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
