import {
  asViewer,
  ownRoleDatabaseUrl,
  queryTestDatabase,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
} from '@daybreak/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadPostsConfig } from '../src/config';

/** Runs `sql` as whoever `url` names, and returns the error message, or null when it ran. */
async function failureOf(url: string, sql: string): Promise<string | null> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end();
  }
}

describe("posts: its own Postgres role, which can't use other services' schemas (real Postgres and Kafka)", () => {
  let postsUrl: string;
  const service = serviceUnderTest(async () => {
    // Another service's schema and table, as the owner makes them (social's own suite may drop them).
    await queryTestDatabase('CREATE SCHEMA IF NOT EXISTS social');
    await queryTestDatabase('CREATE TABLE IF NOT EXISTS social.role_probe (email text)');
    postsUrl = await ownRoleDatabaseUrl('posts');
    const config = loadPostsConfig({ ...testServiceEnv(), DATABASE_URL: postsUrl });
    // Kept: ownRoleDatabaseUrl has just made the schema afresh, owned by posts' own role.
    return startTestService('posts', AppModule.forConfig(config), { keepSchema: true });
  });

  it('migrates and serves as its own role', async () => {
    expect(new URL(postsUrl).username).toBe(`${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_posts`);
    await request(service().url)
      .post('/posts')
      .set(asViewer('posts', randomUUID()))
      .send({ content: 'Up before the sun', timezone: 'UTC' })
      .expect(201);
    const [owner] = await queryTestDatabase<{ owner: string }>(
      "SELECT tableowner AS owner FROM pg_tables WHERE schemaname = 'posts' AND tablename = 'posts'",
    );
    expect(owner?.owner).toBe(new URL(postsUrl).username);
    expect(await failureOf(postsUrl, 'SELECT count(*) FROM posts.posts')).toBeNull();
  });

  it("can't read or change social's tables, nor make schemas of its own", async () => {
    expect(await failureOf(postsUrl, 'SELECT * FROM social.role_probe')).toMatch(
      /permission denied for schema social/,
    );
    expect(await failureOf(postsUrl, "INSERT INTO social.role_probe VALUES ('x')")).toMatch(
      /permission denied/,
    );
    expect(await failureOf(postsUrl, 'CREATE SCHEMA elsewhere')).toMatch(/permission denied for database/);
    // The owner can: the refusals above are the role's, not a missing table's.
    expect(await queryTestDatabase('SELECT * FROM social.role_probe')).toEqual([]);
  });
});
