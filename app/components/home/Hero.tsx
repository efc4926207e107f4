import { useEffect, useState } from "react";
import { SLIDESHOW_INTERVAL_MS } from "~/config/constants";
import { useBusiness } from "~/lib/business";
import { ButtonLink } from "../ui/Button";
import { Container } from "../ui/Container";
import classes from "./Hero.module.css";

/**
 * The hero: a looping muted video when `video` is given and it plays, else (or when it fails)
 * the slideshow, one slide every SLIDESHOW_INTERVAL_MS. Without JavaScript the first slide shows.
 */
export function Hero({ slides, video, children }: { slides: string[]; video?: string; children?: React.ReactNode }) {
  const { area } = useBusiness();
  const [current, setCurrent] = useState(0);
  const [videoFailed, setVideoFailed] = useState(!video);
  const showVideo = video && !videoFailed;
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
            poster={slides[0]}
          />
        ) : (
          slides.map((src, i) => (
            <img
              key={src}
              src={src}
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
        <h1 className={classes.title}>Drive home your next car with confidence</h1>
        <p className={classes.lead}>
          New, foreign-used (Tokunbo) and Nigerian-used cars, inspected and priced in naira, with flexible financing.
        </p>
        <div className={classes.actions}>
          <ButtonLink to="/browse" size="lg" variant="gold">
            Explore Now
          </ButtonLink>
          <ButtonLink to="/book-inspection" size="lg" variant="white">
            Book Inspection
          </ButtonLink>
        </div>
        {children ? <div className={classes.search}>{children}</div> : null}
      </Container>
      {!showVideo && slides.length > 1 ? (
        <div className={classes.dots} aria-hidden="true">
          {slides.map((s, i) => (
            <span key={s} data-active={i === current} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
