import type { MetaFunction } from "@remix-run/node";
import { Section } from "~/components/home/Section";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { WhyChooseUs } from "~/components/WhyChooseUs";
import { site } from "~/config/site";
import { edge } from "~/lib/edge";
import pages from "~/styles/pages.module.css";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] } });

const SERVICES = [
  {
    title: "Vehicle Importation & Sales",
    text:
      "We import new and foreign-used (Tokunbo) cars from trusted markets abroad, clear them at the port and " +
      "sell them from our Lekki showroom, fully documented and ready to register.",
  },
  {
    title: "Consultation & Sourcing Services",
    text:
      "Not sure what to buy, or looking for a specific model? We advise on the right car for your budget and use, " +
      "then source it for you at home or abroad.",
  },
];

export default function About() {
  return (
    <>
      <div className={pages.aboutHero}>
        <Container>
          <p className={pages.aboutEyebrow}>About Us</p>
          <h1 className={pages.aboutTitle}>Lagos drivers have trusted us for over 15 years</h1>
          <p className={pages.aboutLead}>
            {site.name} is a family-run dealership in {site.office}, selling new and foreign-used “Tokunbo” vehicles,
            alongside carefully chosen Nigerian-used cars, to families, professionals and businesses across Nigeria.
          </p>
        </Container>
      </div>

      <Container className={pages.story}>
        <div className={pages.twoCols}>
          <div className={pages.storyText}>
            <h2>Our story</h2>
            <p>
              We started with a handful of cars on a small lot in Lekki and a simple promise: tell buyers the truth
              about every car. Over more than 15 years of experience that promise has grown into a showroom of new and
              foreign-used “Tokunbo” vehicles, a sourcing network abroad and thousands of happy customers.
            </p>
            <p>
              Every car we sell is inspected and priced openly in naira. After the sale we stay with you for servicing,
              insurance, registration and upgrades.
            </p>
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

export const meta: MetaFunction = () => [
  { title: `About Us | ${site.name}` },
  {
    name: "description",
    content:
      `${site.name}: over 15 years selling new and foreign-used (Tokunbo) cars in ${site.office}. ` +
      "Importation, sales, consultation and sourcing.",
  },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
