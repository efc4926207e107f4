import { SLIDESHOW_INTERVAL_MS } from "~/config/constants";
import { useBusiness } from "~/lib/business";
import type { HeroSlideView } from "~/lib/hero-slide-schema";
import { HERO_SIZES, imageVariant } from "~/lib/images";
import { isSiteOrHttpsLink, isSiteRelativeLink } from "~/lib/links";
import { ButtonAnchor, ButtonLink } from "../ui/Button";
import { Container } from "../ui/Container";
import classes from "./Hero.module.css";

/** The photo's `src`: a sized WebP when it has sizes (the browser picks from srcSet), else as stored. */
const shownSrc = (slide: HeroSlideView, size: "card" | "wide" = "card") =>
  slide.srcSet ? imageVariant(slide.image, size) : slide.image;

const WELCOME = {
  heading: "Drive home your next car with confidence",
  text: "New, foreign-used (Tokunbo) and Nigerian-used cars, inspected and priced in naira, with flexible financing.",
};

/**
 * The hero: a looping muted video when `video` is given (its poster, the first slide's photo, when
 * it fails), else the slideshow, one slide every SLIDESHOW_INTERVAL_MS, its words changing with
 * the photo. The server renders the first slide; app/browser/home.ts runs the slideshow from the
 * slides' words in `data-slides` and their photos in `data-src`: it waits for the page to finish
 * loading, runs only while the hero is on screen and the tab visible, and fetches a photo just
 * before its turn (the first one alone competes with the page's first paint). Without JavaScript
 * the first slide shows. An owner's photo comes in the size the screen needs (its `srcSet`: 640,
 * 1280 or 1920 px WebP), never as uploaded.
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
  const shown = slides[0];
  const words = shown?.heading ? { heading: shown.heading, text: shown.text ?? "" } : WELCOME;
  // A link stored before the one link rule (app/lib/links.ts) is not shown if it breaks it.
  const link = shown?.heading && shown.link && isSiteOrHttpsLink(shown.link) ? shown.link : null;
  const slideshow = !video && slides.length > 1;
  const data = slideshow
    ? JSON.stringify(
        slides.map((s) =>
          s.heading
            ? { heading: s.heading, text: s.text ?? "", link: s.link && isSiteOrHttpsLink(s.link) ? s.link : null }
            : { ...WELCOME, link: null },
        ),
      )
    : undefined;
  return (
    <section className={classes.hero} aria-label="Welcome" data-slides={data} data-interval={SLIDESHOW_INTERVAL_MS}>
      <div className={classes.media} aria-hidden="true">
        {video ? (
          <video
            className={classes.slide}
            data-active="true"
            src={video}
            autoPlay
            muted
            loop
            playsInline
            poster={slides[0] ? shownSrc(slides[0], "wide") : undefined}
          />
        ) : (
          slides.map((slide, i) => (
            <img
              key={slide.image}
              src={i === 0 ? shownSrc(slide) : undefined}
              srcSet={i === 0 ? slide.srcSet : undefined}
              sizes={slide.srcSet ? HERO_SIZES : undefined}
              data-src={shownSrc(slide)}
              data-srcset={slide.srcSet}
              alt=""
              className={classes.slide}
              data-active={i === 0}
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
        <p className={classes.lead} data-hero-text hidden={!words.text}>
          {words.text}
        </p>
        <div className={classes.actions}>
          <ButtonAnchor
            href={link ?? "/browse"}
            size="lg"
            variant="gold"
            rel={link && !isSiteRelativeLink(link) ? "noopener" : undefined}
            data-hero-link
          >
            {link ? "Find out more" : "Explore Now"}
          </ButtonAnchor>
          <ButtonLink to="/book-inspection" size="lg" variant="white">
            Book Inspection
          </ButtonLink>
        </div>
        {children ? <div className={classes.search}>{children}</div> : null}
      </Container>
      {slideshow ? (
        <div className={classes.dots} aria-hidden="true">
          {slides.map((s, i) => (
            <span key={s.image} data-active={i === 0} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
