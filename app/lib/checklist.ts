/** One step of a new dealer's setup checklist (the owner's dashboard), done or not, and where it is done. */
export interface ChecklistItem {
  key: "details" | "whatsapp" | "logo" | "demo" | "own-car" | "staff";
  label: string;
  done: boolean;
  href: string;
}
