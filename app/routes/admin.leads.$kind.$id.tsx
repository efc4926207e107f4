import { Anchor, Badge, Group, Paper, Text, Title } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import {
  AnswerLinks,
  AssignedTo,
  LeadAssigneeForm,
  LeadFields,
  LeadHistory,
  LeadLayout,
  LeadStatusForm,
} from "~/components/admin/LeadDetail";
import { LeadStatusBadge } from "~/components/admin/LeadList";
import { Notice } from "~/components/admin/Notice";
import { ReservationActions } from "~/components/admin/ReservationActions";
import { SourcingMatches } from "~/components/admin/SourcingMatches";
import { requireAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { notFoundIfMissing } from "~/http/responses.server";
import { lagosDateTime } from "~/lib/lagos-time";
import {
  isLeadKind,
  LEAD_KIND_LABELS,
  type LeadKind,
  leadName,
  leadPath,
  leadScope,
  parseLeadId,
  seesLead,
} from "~/lib/leads";
import { can } from "~/lib/roles";
import { activityFor } from "~/models/activity.server";
import { listAdmins } from "~/models/admin.server";
import { getLead } from "~/models/lead-inbox.server";
import { sourcingMatches } from "~/models/sourcing-matches.server";
import { answerLead } from "~/use-cases/leads.server";
import { staffActor } from "~/use-cases/use-case.server";

function leadKey(params: { kind?: string; id?: string }): { kind: LeadKind; id: number } {
  const id = parseLeadId(params.id);
  if (!isLeadKind(params.kind) || id === null) throw new Response("Lead not found", { status: 404 });
  return { kind: params.kind, id };
}

/**
 * One lead: everything the buyer sent, the car, one-tap answers, the status form and its history;
 * a sourcing request also lists the matching cars for sale.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const { kind, id } = leadKey(params);
  // A sales account's lead page opens for its own leads and the new unassigned ones only.
  const lead = notFoundIfMissing(await getLead(kind, id, leadScope(admin)), "Lead not found");
  const [history, staff, matches] = await Promise.all([
    activityFor("lead", `${kind}/${id}`),
    listAdmins(),
    kind === "sourcing" ? sourcingMatches(id) : null,
  ]);
  const saved = new URL(request.url).searchParams.get("done") === "saved";
  const reference = kind === "reservation" ? lead.fields.reference : null;
  return {
    lead,
    history,
    staff: staff.map((s) => ({ username: s.username, name: s.displayName ?? s.username })),
    saved,
    matches,
    reservation:
      typeof reference === "string" ? { reference, canRefund: can(admin.role, "reservations.refund") } : null,
  };
}

/**
 * Saves the status and note, or the assignee (plain form posts: each form sends only its own
 * fields), then shows the lead again with 'Lead updated'.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { admin, token } = await requireAdmin(request);
  const { kind, id } = leadKey(params);
  const fields = Object.fromEntries(
    [...(await request.formData()).entries()].filter(([name, value]) => name !== "intent" && typeof value === "string"),
  );
  let lead: Awaited<ReturnType<typeof answerLead>>;
  try {
    lead = await answerLead(staffActor(admin, clientIp(context), token), kind, id, fields);
  } catch (e) {
    const failure = refusalForPage(e);
    if (failure.status === 404) throw new Response(failure.message, { status: 404 });
    const error = Object.keys(failure.fieldErrors).length ? "Failed to update the lead" : failure.message;
    return data({ ok: false as const, error, fieldErrors: failure.fieldErrors }, { status: failure.status });
  }
  // A sales account that handed the lead to someone else no longer sees it: back to the inbox.
  return redirect(seesLead(admin, lead) ? `${leadPath(kind, id)}?done=saved` : "/admin/leads", 303);
}

export default function LeadPage() {
  const { lead, history, staff, saved, matches, reservation } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const name = leadName(lead);
  return (
    <AdminPage
      title={`${LEAD_KIND_LABELS[lead.kind]}: ${name}`}
      description={`Received ${lagosDateTime(lead.created_at)} (Lagos time)`}
      actions={
        <Anchor component={Link} to="/admin/leads" size="sm">
          ← All leads
        </Anchor>
      }
    >
      {saved && !failed ? <Notice kind="success">Lead updated</Notice> : null}
      {lead.category === "incomplete" ? (
        <Notice kind="info">
          Incomplete: the buyer worked out this loan but left before sending their details, so there is nobody to answer
          yet. It is not counted as a lead until the client information arrives.
        </Notice>
      ) : null}
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs">
        <Group gap="sm" mb="sm">
          <LeadStatusBadge status={lead.status} />
          <Badge variant="outline" color="gray" radius="sm" tt="none">
            {LEAD_KIND_LABELS[lead.kind]}
          </Badge>
          <AssignedTo lead={lead} />
        </Group>
        <Text size="sm" mb="sm" style={{ overflowWrap: "anywhere" }}>
          {lead.summary}
        </Text>
        {lead.car ? (
          <Text size="sm" mb="sm">
            Car:{" "}
            {lead.car.url ? (
              <Anchor href={lead.car.url} target="_blank" rel="noopener noreferrer">
                {lead.car.title}
              </Anchor>
            ) : (
              <span>{lead.car.title} (deleted)</span>
            )}
            {lead.car.sold ? " · Sold" : ""}
            {" · "}
            <Anchor component={Link} to={`/admin/leads?car=${lead.car.id}`}>
              Other leads about this car
            </Anchor>
          </Text>
        ) : null}
        <AnswerLinks phone={lead.phone} email={lead.email} />
        {lead.updated_by && lead.updated_at ? (
          <Text size="xs" c="dimmed" mt="sm">
            Last changed by {lead.updated_by} on {lagosDateTime(lead.updated_at)}
          </Text>
        ) : null}
      </Paper>
      <LeadLayout
        main={
          <>
            {lead.kind === "loan" && lead.id < 0 ? null : (
              <LeadFields
                title={lead.kind === "loan" ? "Loan application" : "What the buyer sent"}
                fields={lead.fields}
              />
            )}
            {lead.kind === "loan" ? (
              lead.client ? (
                <LeadFields title="Client information" fields={lead.client} />
              ) : (
                <Paper withBorder radius="md" p="lg" shadow="xs">
                  <Title order={2} fz="lg" mb="xs">
                    Client information
                  </Title>
                  <Text size="sm" c="dimmed">
                    The buyer has not sent their client information yet.
                  </Text>
                </Paper>
              )
            ) : null}
            {matches ? <SourcingMatches cars={matches} /> : null}
            {reservation ? (
              <ReservationActions reference={reservation.reference} canRefund={reservation.canRefund} />
            ) : null}
          </>
        }
        side={
          <>
            <LeadAssigneeForm assignee={lead.assignee} staff={staff} error={failed?.fieldErrors?.assignee} />
            <LeadStatusForm
              key={`${lead.status}:${lead.note ?? ""}`}
              draftKey={`lead-note:${lead.kind}:${lead.id}`}
              status={lead.status}
              note={lead.note}
              error={failed?.fieldErrors?.assignee ? undefined : failed?.error}
              fieldErrors={failed?.fieldErrors}
            />
            <LeadHistory entries={history} />
          </>
        }
      />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Lead"
      failure="Failed to load the lead. Please try again."
      notFound="There is no such lead. It may have been removed, or the link is mistyped."
    />
  );
}
