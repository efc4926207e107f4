/**
 * Every WhatsApp chat link on the site points at /go/whatsapp, which counts the click as a lead
 * and sends the visitor on to wa.me with the greeting (the business settings); `car` names the car
 * the chat is about, `from` the page the link is on.
 */
export function chatHref(car?: { id: number } | null, from?: string): string {
  const params = new URLSearchParams();
  if (car) params.set("car", String(car.id));
  if (from) params.set("from", from);
  const query = params.toString();
  return `/go/whatsapp${query ? `?${query}` : ""}`;
}
