import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cars")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("mileage", "integer")
    .addColumn("condition", "text", (c) => c.notNull())
    .addColumn("body_type", "text", (c) => c.notNull())
    .addColumn("transmission", "text")
    .addColumn("fuel_type", "text")
    .addColumn("drive_train", "text", (c) => c.notNull())
    .addColumn("engine_capacity", "text", (c) => c.notNull())
    .addColumn("engine_size", "text", (c) => c.notNull())
    .addColumn("custom_paper", "text", (c) => c.notNull())
    .addColumn("color", "text")
    .addColumn("registration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("financing", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("car_description", "text")
    .addColumn("car_history", "text")
    .addColumn("other_info", "text")
    .addColumn("location", "text")
    .addColumn("vin", "text")
    .addColumn("keyfeatures", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("sold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cars_sold_created").on("cars").columns(["sold", "created_at"]).execute();
  await db.schema.createIndex("cars_make_model").on("cars").columns(["make", "model"]).execute();
  await db.schema.createIndex("cars_price").on("cars").column("price").execute();
  await db.schema.createIndex("cars_year").on("cars").column("year").execute();
  await db.schema.createIndex("cars_body_type").on("cars").column("body_type").execute();
  await db.schema.createIndex("cars_condition").on("cars").column("condition").execute();
  await db.schema.createIndex("cars_financing").on("cars").columns(["financing", "sold"]).execute();

  await db.schema
    .createTable("car_images")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("car_id", "integer", (c) => c.notNull().references("cars.id").onDelete("cascade"))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("car_images_car").on("car_images").columns(["car_id", "position"]).execute();

  await db.schema
    .createTable("car_sales")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("car_id", "integer", (c) => c.references("cars.id").onDelete("set null"))
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("color", "text")
    .addColumn("date_sold", "text", (c) => c.notNull())
    .addColumn("time_sold", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("car_sales_date").on("car_sales").column("date_sold").execute();

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("inspections")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("car_make", "text", (c) => c.notNull())
    .addColumn("car_model", "text", (c) => c.notNull())
    .addColumn("inspection_date", "text", (c) => c.notNull())
    .addColumn("other_info", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inspections_created").on("inspections").column("created_at").execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("loan_applications")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("car_id", "integer", (c) => c.references("cars.id").onDelete("set null"))
    .addColumn("car_name", "text", (c) => c.notNull())
    .addColumn("loan_amount", "real", (c) => c.notNull())
    .addColumn("initial_deposit", "real", (c) => c.notNull())
    .addColumn("loan_period", "text", (c) => c.notNull())
    .addColumn("monthly_repayment", "real", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("client_infos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("loan_application_id", "integer", (c) => c.references("loan_applications.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("age_bracket", "text", (c) => c.notNull())
    .addColumn("income_range", "text", (c) => c.notNull())
    .addColumn("client_location", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("bvn_available", "text", (c) => c.notNull())
    .addColumn("deposit_available", "text", (c) => c.notNull())
    .addColumn("employment_status", "text", (c) => c.notNull())
    .addColumn("referral", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("admins")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_admin").on("sessions").column("admin_id").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  // Usernames are compared case-insensitively.
  await sql`CREATE UNIQUE INDEX admins_username_nocase ON admins (username COLLATE NOCASE)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "settings",
    "sessions",
    "admins",
    "client_infos",
    "loan_applications",
    "contact_messages",
    "inspections",
    "newsletter_subscriptions",
    "car_sales",
    "car_images",
    "cars",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
