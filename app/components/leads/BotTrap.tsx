import { HONEYPOT_FIELD, STAMP_FIELD } from "~/lib/bot-trap";

/**
 * The hidden fields that tell people from scripts on a public lead form: a field no person sees
 * (screen readers skip it, the keyboard never reaches it) and the stamp of when the form was served.
 */
export function BotTrap({ stamp }: { stamp: string }) {
  return (
    <>
      <div className="visually-hidden" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={STAMP_FIELD} value={stamp} />
    </>
  );
}
