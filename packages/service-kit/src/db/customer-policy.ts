/**
 * The second wall for customers (decision 56): a RESTRICTIVE row-level security policy on each
 * customer-facing table (bookings, customer documents, invoices, payments' receipts, credit
 * notes, quotations), added by the owning service's migration beside its tenant policy.
 *
 * In a customer transaction (`db.customerTx`, `withCustomerTx`) `app.customer_email` holds the
 * customer's address, lower-cased; the policy then admits only rows whose e-mail column is that
 * address. Everywhere else (staff, internal calls, sweeps) the setting is unset or empty and the
 * policy admits every row the tenant policy does. Restrictive policies are ANDed with the
 * permissive ones, so it can only take rows away: the tenant policy still decides the tenant.
 *
 * The setting is read once per statement (`(SELECT …)`, an InitPlan) as the tenant policy does
 * (ARCHITECTURE §2.2). The column is compared lower-cased, so a row stored with the address as
 * typed ("Ann@Example.com") is still the customer's own; portal queries state the same condition
 * themselves, which the policy then merely repeats.
 *
 * The SQL form, for a migration (`customerRowPolicy('invoices')` prints it; a migration is a
 * plain .sql file, so copy it there):
 *
 * ```sql
 * CREATE POLICY customer_rows ON invoices AS RESTRICTIVE FOR ALL
 *   USING ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL
 *          OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')))
 *   WITH CHECK ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL
 *          OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')));
 * ```
 *
 * A table whose rows reach a customer only through another (a document of a booking) either
 * carries the e-mail column too or gets the condition as `EXISTS (SELECT 1 FROM bookings b …)`,
 * which the parent's own policy then scopes. `assertCustomerPolicy` (testing) checks it is there.
 */
/** The setting a customer transaction carries and the restrictive customer policy compares. */
export const CUSTOMER_EMAIL_SETTING = 'app.customer_email';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** The customer address of the transaction, or NULL outside customer transactions. */
export const CUSTOMER_EMAIL_SQL = `(SELECT nullif(current_setting('${CUSTOMER_EMAIL_SETTING}', true), ''))`;

/** The condition the restrictive policy holds rows to, for `column` (default `customer_email`). */
export function customerRowCondition(column = 'customer_email'): string {
  if (!IDENTIFIER.test(column)) throw new Error(`Not a plain column name: ${column}`);
  return `(${CUSTOMER_EMAIL_SQL} IS NULL OR lower(${column}) = ${CUSTOMER_EMAIL_SQL})`;
}

/** The policy statement for `table` (see the module comment), named `customer_rows`. */
export function customerRowPolicy(table: string, column = 'customer_email'): string {
  if (!IDENTIFIER.test(table)) throw new Error(`Not a plain table name: ${table}`);
  const condition = customerRowCondition(column);
  return `CREATE POLICY customer_rows ON ${table} AS RESTRICTIVE FOR ALL\n  USING ${condition}\n  WITH CHECK ${condition};`;
}
