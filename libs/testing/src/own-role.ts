import { randomBytes } from 'node:crypto';
import { provisionServiceRole } from '@daybreak/database';
import { dropSchema, testDatabaseUrl } from './database';

/**
 * A fresh schema for `service`, owned by the service's own role in the test database (as the stacks
 * run it), and the URL that connects as that role. Boot the service with `keepSchema: true`.
 */
export async function ownRoleDatabaseUrl(service: string): Promise<string> {
  await dropSchema(service);
  return provisionServiceRole(testDatabaseUrl(), service, randomBytes(16).toString('hex'));
}
