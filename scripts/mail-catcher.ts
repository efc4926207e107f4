// `npm run mail:catcher`: a mail server for trying email on your own machine. It accepts every
// message on 127.0.0.1:1025 (MAIL_CATCHER_PORT), sends nothing on, and prints each one: sender,
// recipients, subject, text and attachment names. Start the site beside it with
//   SMTP_URL=smtp://127.0.0.1:1025 npm start
// then book an inspection or send a message and watch this terminal. Stop it with Ctrl-C.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.MAIL_CATCHER_PORT ?? 1025);

const server = new SMTPServer({
  logger: false,
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  allowInsecureAuth: true,
  onAuth: (_auth, _session, callback) => callback(null, { user: "local" }),
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
        const files = mail.attachments.map((a) => a.filename ?? "(unnamed)").join(", ");
        console.log(
          [
            "=".repeat(78),
            `From:    ${mail.from?.text ?? ""}`,
            `To:      ${to}`,
            `Subject: ${mail.subject ?? ""}`,
            ...(files ? [`Files:   ${files}`] : []),
            "",
            (mail.text ?? "").trimEnd(),
          ].join("\n"),
        );
        callback();
      })
      .catch(callback);
  },
});

server.on("error", (e) => console.error(e.message));
server.listen(port, "127.0.0.1", () => {
  console.log(`Catching mail on smtp://127.0.0.1:${port}: start the site with SMTP_URL=smtp://127.0.0.1:${port}`);
});
process.on("SIGINT", () => server.close(() => process.exit(0)));
