import { Client } from 'pg';

const NAME = /^[a-z][a-z0-9_]*$/;
const PASSWORD = /^[A-Za-z0-9_-]{16,}$/;

/**
 * The Postgres role `service` connects as in `database`: one per database and service, so stacks that
 * share a cluster (npm start, the e2e stack, the integration tests) never share a role or its password.
 */
export function serviceRoleName(database: string, service: string): string {
  const role = `${database}_${service}`.toLowerCase();
  if (!NAME.test(role) || role.length > 63) throw new Error(`Invalid role name: ${role}`);
  return role;
}

/**
 * What an owner of the database runs so that `service` connects with a role of its own that can use
 * only its own schema: the role owns the schema (its migrations run as the role), holds no privilege
 * on any other schema, and can't create schemas or databases. Idempotent; tables an earlier version
 * made as the owner pass to the role. Extensions need the owner, so it makes the ones migrations use.
 */
export function serviceRoleStatements(service: string, role: string, password: string): string[] {
  if (!NAME.test(service)) throw new Error(`Invalid schema name: ${service}`);
  if (!PASSWORD.test(password)) throw new Error('A role password is 16 or more letters, digits, _ or -');
  return [
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE "${role}"; END IF;
     END $$`,
    `ALTER ROLE "${role}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`,
    `CREATE SCHEMA IF NOT EXISTS "${service}" AUTHORIZATION "${role}"`,
    `ALTER SCHEMA "${service}" OWNER TO "${role}"`,
    `DO $$ DECLARE relation record; BEGIN
       FOR relation IN
         SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = '${service}' AND c.relkind IN ('r', 'p', 'v', 'm')
       LOOP
         EXECUTE format('ALTER %s %I.%I OWNER TO %I',
           CASE relation.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
           '${service}', relation.relname, '${role}');
       END LOOP;
     END $$`,
    // social's people search (trigram index); trusted, but creating it needs CREATE on the database.
    `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`,
  ];
}

/**
 * Creates (or updates) `service`'s role and schema through `ownerUrl` and returns the URL the service
 * connects with: the same database, as its role.
 */
export async function provisionServiceRole(
  ownerUrl: string,
  service: string,
  password: string,
): Promise<string> {
  const url = new URL(ownerUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  const role = serviceRoleName(database, service);
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    for (const statement of serviceRoleStatements(service, role, password)) await client.query(statement);
  } finally {
    await client.end();
  }
  url.username = role;
  url.password = password;
  return url.toString();
}
