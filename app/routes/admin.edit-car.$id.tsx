import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { CarForm, type CarFormValues } from "~/components/admin/CarForm";
import { Notice } from "~/components/admin/Notice";
import { requireAdmin } from "~/models/auth.server";
import { CarFormError, formValues, updateCarFromRequest } from "~/models/car-form.server";
import { getCar, parseCarId } from "~/models/car.server";
import { type Car } from "~/lib/car";
import type { CarFieldErrors } from "~/lib/car-schema";

type Failure = { message: string; errors: CarFieldErrors; values: Record<string, string | string[]> };
type Loaded =
  | { car: { id: number; title: string; sold: boolean; images: string[]; values: CarFormValues }; error: null }
  | { car: null; error: string };

const LOAD_FAILED = "Failed to load car data";

function carValues(car: Car): CarFormValues {
  const v: CarFormValues = {};
  for (const [k, x] of Object.entries(car)) {
    if (k === "images" || k === "id" || k === "sold" || k === "created_at") continue;
    if (k === "keyfeatures") v[k] = car.keyfeatures;
    else if (typeof x === "boolean") v[k] = x ? "Yes" : "No";
    else v[k] = x === null || x === undefined ? "" : String(x);
  }
  return v;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseCarId(params.id);
  const car = id ? await getCar(id).catch((e) => (console.error(e), null)) : null;
  if (!car) return data<Loaded>({ car: null, error: LOAD_FAILED }, { status: 404 });
  const loaded: Loaded = { car: { id: car.id, title: `${car.make} ${car.model} ${car.year}`, sold: car.sold, images: car.images, values: carValues(car) }, error: null };
  return loaded;
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseCarId(params.id);
  try {
    if (!id) throw new CarFormError("Car not found", 404);
    await updateCarFromRequest(request, id);
  } catch (e) {
    if (!(e instanceof CarFormError)) throw e;
    const failure: Failure = { message: `Failed to update car: ${e.message}`, errors: e.errors, values: formValues(e.values) };
    return data(failure, { status: e.status });
  }
  return redirect("/admin/create-listing?done=updated");
}

export default function EditCar() {
  const { car, error } = useLoaderData() as Loaded;
  const failed = useActionData() as Failure | undefined;
  if (!car) {
    return (
      <AdminPage title="Edit Car Listing">
        <Notice kind="error">{error ?? LOAD_FAILED}</Notice>
      </AdminPage>
    );
  }
  return (
    <AdminPage title="Edit Car Listing" description={`${car.title}${car.sold ? " · Sold" : ""}`}>
      {failed ? <Notice kind="error">{failed.message}</Notice> : null}
      <CarForm
        key={failed ? JSON.stringify(failed.values) : `car-${car.id}-${car.images.join()}`}
        values={failed?.values && Object.keys(failed.values).length ? failed.values : car.values}
        errors={failed?.errors ?? {}}
        existingImages={car.images}
        submitLabel="Update Car"
      />
    </AdminPage>
  );
}
