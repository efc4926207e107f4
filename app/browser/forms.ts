/**
 * The small form conveniences of a page without React: a new order in the sort list applies at
 * once (its Sort button is in <noscript>), and a search box's Search button waits for words.
 */
export function enhanceForms(): void {
  const sort = document.querySelector<HTMLSelectElement>('[data-testid="sort-form"] select');
  sort?.addEventListener("change", () => sort.form?.requestSubmit());
  for (const form of document.querySelectorAll<HTMLFormElement>('form[role="search"]')) {
    const input = form.querySelector<HTMLInputElement>('input[name="q"]');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!input || !button) continue;
    const update = () => {
      button.disabled = input.value.trim() === "";
    };
    input.addEventListener("input", update);
    update();
  }
}
