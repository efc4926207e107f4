import { SaveButton } from "../saved/SaveButton";
import { ButtonAnchor, ButtonLink } from "../ui/Button";
import { CloseIcon, dialogClasses } from "../ui/Dialog";
import classes from "./QuickView.module.css";

/**
 * The quick view of a page of cards (home, /browse): a modal <dialog> with the car's photos, its
 * name, price and monthly figure, the actions (book, chat, save, its own page), its description,
 * key features and facts. The server renders it empty, in a <template>, and app/browser/quick-view.ts
 * fills it when View Details (or a card's photo) is clicked: what the card shows at once, then the
 * photos and facts from the car's own page (its canonical address, which the page cache keeps).
 * Opening it writes that address into the address bar and closing puts the previous one back;
 * Escape, Close and a click on the backdrop close it, and the focus goes back to the card.
 * Full screen on phones. Without JavaScript the card's links open the car's page.
 */
export function QuickViewTemplate() {
  return (
    <template id="quick-view">
      <dialog className={dialogClasses.dialog} aria-labelledby="quick-view-title" data-testid="car-lightbox">
        <div className={dialogClasses.frame}>
          <div className={dialogClasses.head}>
            <h2 id="quick-view-title" className={dialogClasses.title} data-qv="title">
              Car
            </h2>
            <button type="button" className={dialogClasses.close} aria-label="Close" data-qv="close">
              <CloseIcon />
            </button>
          </div>
          <div className={dialogClasses.body}>
            <div className={classes.grid}>
              <div data-qv="photos" />
              <div className={classes.info}>
                <div className={classes.head}>
                  <p className={classes.price} data-qv="price" />
                  <p className={classes.monthly} data-testid="lightbox-monthly" data-qv="monthly" />
                  <p className={classes.location} data-qv="location" />
                </div>
                {/* The actions come straight after the price, so a phone shows them under the photo. */}
                <div className={classes.actions}>
                  <ButtonLink to="/book-inspection" data-qv="book">
                    Book an inspection
                  </ButtonLink>
                  <ButtonAnchor
                    href="/go/whatsapp"
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="default"
                    data-testid="lightbox-chat"
                    data-qv="chat"
                  >
                    Chat on WhatsApp
                  </ButtonAnchor>
                  <SaveButton car={{ id: 0, make: "", model: "", year: 0 }} labelled />
                  <ButtonAnchor href="/browse" variant="subtle" data-qv="page">
                    Open full page
                  </ButtonAnchor>
                </div>
                <p className={classes.description} data-qv="description" />
                <div data-qv="details">
                  <p className={classes.loading} role="status">
                    Loading...
                  </p>
                </div>
              </div>
            </div>
          </div>
        </div>
      </dialog>
    </template>
  );
}
