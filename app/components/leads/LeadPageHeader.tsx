import { Container, type ContainerSize } from "../ui/Container";
import classes from "./leads.module.css";

/** The band at the top of every lead page: title and one line of reassurance. */
export function LeadPageHeader({ title, intro, size = "lg" }: { title: string; intro: string; size?: ContainerSize }) {
  return (
    <div className={classes.header}>
      <Container size={size}>
        <h1 className={classes.headerTitle}>{title}</h1>
        <p className={classes.headerIntro}>{intro}</p>
      </Container>
    </div>
  );
}
