import { Button, Group, Modal, Paper, Text } from "@mantine/core";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { type ReactNode, useId } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A Yes/No confirmation that lives at a URL (?confirm=...): a Mantine modal once JavaScript runs,
 * a server-rendered panel without it. Yes posts the hidden fields; No goes back to `cancelHref`.
 */
export function ConfirmDialog({
  question,
  detail,
  fields,
  cancelHref,
  children,
}: {
  question: string;
  detail?: string;
  fields: Record<string, string>;
  cancelHref: string;
  /** Fields to ask for before Yes (e.g. the agreed price of a sale). */
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const titleId = useId();
  const busy = navigation.state === "submitting";
  const body = (
    <>
      {detail ? (
        <Text size="sm" c="dimmed" mb="md">
          {detail}
        </Text>
      ) : null}
      <Form method="post" replace preventScrollReset>
        {Object.entries(fields).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelHref} variant="default" replace preventScrollReset>
            No
          </Button>
          <Button type="submit" color="red" loading={busy} autoFocus>
            Yes
          </Button>
        </Group>
      </Form>
    </>
  );
  if (hydrated) {
    return (
      <Modal
        opened
        onClose={() => navigate(cancelHref, { replace: true, preventScrollReset: true })}
        title={question}
        centered
        radius="md"
        styles={{ title: { fontWeight: 700 } }}
      >
        {body}
      </Modal>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      shadow="md"
      role="alertdialog"
      aria-labelledby={titleId}
      style={{ borderColor: "var(--mantine-color-red-4)" }}
    >
      <Text fw={700} mb="xs" id={titleId}>
        {question}
      </Text>
      {body}
    </Paper>
  );
}
