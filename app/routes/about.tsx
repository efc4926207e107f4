import type { MetaFunction } from "@remix-run/node";
import { Section } from "~/components/home/Section";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { WhyChooseUs } from "~/components/WhyChooseUs";
import { aboutParagraphs, businessFromMatches, logoPreviewMeta, useBusiness } from "~/lib/business";
import { edge } from "~/lib/edge";
import pages from "~/styles/pages.module.css";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] } });

const SERVICES = [
  {
    title: "Vehicle Importation & Sales",
    text:
      "We import new and foreign-used (Tokunbo) cars from trusted markets abroad, clear them at the port and " +
      "sell them from our showroom, fully documented and ready to register.",
  },
  {
    title: "Consultation & Sourcing Services",
    text:
      "Not sure what to buy, or looking for a specific model? We advise on the right car for your budget and use, " +
      "then source it for you at home or abroad.",
  },
];

export default function About() {
  const site = useBusiness();
  return (
    <>
      <div className={pages.aboutHero}>
        <Container>
          <p className={pages.aboutEyebrow}>About Us</p>
          <h1 className={pages.aboutTitle}>{site.name}</h1>
          <p className={pages.aboutLead}>{site.tagline}</p>
        </Container>
      </div>

      <Container className={pages.story}>
        <div className={pages.twoCols}>
          <div className={pages.storyText} data-testid="about-text">
            <h2>Our story</h2>
            {aboutParagraphs(site.about).map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <div className={pages.cards}>
            <div className={pages.card}>
              <h3>Our mission</h3>
              <p>
                To make buying a quality car in Nigeria simple, honest and affordable, with clear prices, real
                inspections and flexible financing.
              </p>
            </div>
            <div className={pages.card}>
              <h3>Our vision</h3>
              <p>
                To be the most trusted car dealer in West Africa, known for the quality of our cars and the care we give
                every customer.
              </p>
            </div>
          </div>
        </div>
      </Container>

      <Section id="services" eyebrow="What we do" title="Our services" tinted>
        <div className={pages.services}>
          {SERVICES.map((s) => (
            <div key={s.title} className={`${pages.card} ${pages.service}`}>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="why" eyebrow="Why us" title="Why Choose Us">
        <WhyChooseUs />
        <div className={pages.aboutActions}>
          <ButtonLink to="/browse" size="md">
            Browse Cars
          </ButtonLink>
          <ButtonLink to="/connect" size="md" variant="default">
            Connect with Us
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: `About Us | ${site.name}` },
    {
      name: "description",
      content:
        `${site.name}: ${site.tagline}. New and foreign-used (Tokunbo) cars in ${site.area}. ` +
        "Importation, sales, consultation and sourcing.",
    },
    ...logoPreviewMeta(matches),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
