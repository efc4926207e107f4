/**
 * Share on a page without React (ShareButtons renders the plain version): adds "Copy link" and,
 * where the browser has a share sheet, "More apps…", as the React component does once hydrated.
 * The read-only field stays only if the clipboard refuses (plain http), selected to copy by hand.
 */
function enhance(actions: HTMLElement): void {
  const field = actions.querySelector<HTMLLabelElement>("label");
  const input = field?.querySelector("input");
  const whatsapp = actions.querySelector("a");
  if (!field || !input || !whatsapp) return;
  const actionClass = whatsapp.classList[0] ?? "";
  const button = (text: string): HTMLButtonElement => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = actionClass;
    b.textContent = text;
    actions.insertBefore(b, field);
    return b;
  };
  const copy = button("Copy link");
  copy.setAttribute("aria-live", "polite");
  copy.addEventListener("click", () => {
    navigator.clipboard.writeText(input.value).then(
      () => {
        copy.textContent = "Link copied";
      },
      () => {
        field.hidden = false;
        field.firstElementChild?.replaceChildren("Copy this link");
        input.select();
      },
    );
  });
  if (typeof navigator.share === "function") {
    const { shareTitle: title = "", shareText: text = "", shareUrl: url = "" } = actions.dataset;
    button("More apps…").addEventListener("click", () => {
      navigator.share({ title, text, url }).catch(() => {}); // closed without sharing
    });
  }
  field.hidden = true;
}

export function enhanceShare(): void {
  for (const actions of document.querySelectorAll<HTMLElement>("[data-share-url]")) enhance(actions);
}
