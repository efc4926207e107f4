import { Button, Group, NumberInput, Paper, Text, TextInput, Title } from "@mantine/core";

/**
 * A reservation's staff actions on its lead page: plain forms (they work without JavaScript) that
 * post to /admin/reservations/<reference>: extend the hold, turn it into a sale, cancel it, mark
 * the deposit refunded by hand, or (owners) refund it through Paystack.
 */
export function ReservationActions({ reference, canRefund }: { reference: string; canRefund: boolean }) {
  const action = `/admin/reservations/${encodeURIComponent(reference)}`;
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Title order={2} fz="lg" mb="xs">
        Reservation
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Reference {reference}
      </Text>
      <form method="post" action={action}>
        <input type="hidden" name="action" value="extend" />
        <Group align="end" mb="sm">
          <NumberInput name="hours" label="Extend the hold by (hours)" defaultValue={24} min={1} max={336} />
          <Button type="submit" variant="default">
            Extend
          </Button>
        </Group>
      </form>
      <Group mb="sm">
        <form method="post" action={action}>
          <input type="hidden" name="action" value="convert" />
          <Button type="submit">Sold to this buyer</Button>
        </form>
        <form method="post" action={action}>
          <input type="hidden" name="action" value="cancel" />
          <Button type="submit" variant="default" color="red">
            Cancel the reservation
          </Button>
        </form>
      </Group>
      <form method="post" action={action}>
        <input type="hidden" name="action" value="refunded" />
        <Group align="end" mb="sm">
          <TextInput name="note" label="Refunded by hand (note)" placeholder="Bank transfer on 3 Dec" />
          <Button type="submit" variant="default">
            Mark refunded
          </Button>
        </Group>
      </form>
      {canRefund ? (
        <form method="post" action={action}>
          <input type="hidden" name="action" value="refund" />
          <Button type="submit" color="orange">
            Refund the deposit through Paystack
          </Button>
        </form>
      ) : null}
    </Paper>
  );
}
