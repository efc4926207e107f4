import type { HTMLAttributes } from "react";
import classes from "./ui.module.css";

export type ContainerSize = "sm" | "md" | "lg" | "xl" | "wide";

/** Centred page width with side padding: sm 720, md 960, lg 1140, xl 1320, wide 1240 px. */
export function Container({
  size = "wide",
  className,
  ...rest
}: { size?: ContainerSize } & HTMLAttributes<HTMLDivElement>) {
  return <div className={`${classes.container} ${classes[size]}${className ? ` ${className}` : ""}`} {...rest} />;
}

/** A white rounded card with a border; `roomy` gives it more padding from 48em up. */
export function panelClass(roomy = true, extra?: string) {
  return `${classes.panel}${roomy ? ` ${classes.roomy}` : ""}${extra ? ` ${extra}` : ""}`;
}

export { classes as ui };
