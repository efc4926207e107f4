/**
 * The fields public lead forms carry to tell people from scripts (checked by the server, see
 * app/http/bot-guard.server.ts): a honeypot input people never see or fill, and a signed stamp
 * of when the form was served.
 */
export const HONEYPOT_FIELD = "company_website";
export const STAMP_FIELD = "form_served";

export const pleaseWait = (seconds: number) =>
  `Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and send again.`;
