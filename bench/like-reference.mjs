// @ts-check
// What this machine allows for a like: a minimal Fastify server with `pg`, in a process of its own,
// that toggles a member's like of a post with one prepared statement per request: the like row, the
// post's counter and an outbox row, committed together. No gateway, no session, no rate limit, no
// events consumed: the floor of a like's cost, next to which the stack's like path is measured.
// Works on a schema of its own (REFERENCE_SCHEMA), prepared by `prepareLikeReference`.

const TOGGLE = {
  name: 'like_reference_toggle',
  text: `
  WITH removed AS (
    DELETE FROM likes WHERE post_id = $1 AND user_id = $2 RETURNING post_id
  ), added AS (
    INSERT INTO likes (post_id, user_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM removed)
    RETURNING post_id
  ), counted AS (
    UPDATE posts SET likes_count = likes_count + (SELECT count(*) FROM added) - (SELECT count(*) FROM removed)
    WHERE id = $1 RETURNING likes_count, author_id
  ), published AS (
    INSERT INTO outbox (event_id, topic, message_key, envelope)
    SELECT gen_random_uuid(), 'post-likes', $1::text,
           jsonb_build_object(
             'type', CASE WHEN EXISTS (SELECT 1 FROM added) THEN 'post.liked' ELSE 'post.unliked' END,
             'payload', jsonb_build_object('postId', $1, 'postAuthorId', author_id, 'likerId', $2))
    FROM counted
  )
  SELECT EXISTS (SELECT 1 FROM added) AS "isLiked", likes_count AS "likesCount" FROM counted`,
};

/** The reference's tables, with the posts to like copied from the stack's: run once before it starts. */
export async function prepareLikeReference(
  /** @type {{ query: (text: string, values?: unknown[]) => Promise<unknown> }} */ db,
  /** @type {string} */ schema,
  /** @type {string[]} */ postIds,
) {
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.query(`CREATE SCHEMA ${schema}`);
  await db.query(
    `CREATE TABLE ${schema}.posts (id uuid PRIMARY KEY, author_id uuid NOT NULL, likes_count int NOT NULL)`,
  );
  await db.query(
    `INSERT INTO ${schema}.posts SELECT id, author_id, likes_count FROM posts.posts WHERE id = ANY($1::uuid[])`,
    [postIds],
  );
  await db.query(
    `CREATE TABLE ${schema}.likes (
       post_id uuid NOT NULL REFERENCES ${schema}.posts (id) ON DELETE CASCADE, user_id uuid NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (post_id, user_id))`,
  );
  await db.query(`CREATE INDEX ON ${schema}.likes (user_id, post_id)`);
  await db.query(
    `CREATE TABLE ${schema}.outbox (
       id bigserial PRIMARY KEY, event_id uuid NOT NULL UNIQUE, topic text NOT NULL, message_key text NOT NULL,
       envelope jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz,
       trace_context jsonb)`,
  );
  await db.query(`CREATE INDEX ON ${schema}.outbox (id) WHERE published_at IS NULL`);
}

async function serve() {
  // Imported here: bench/run.mjs loads this module before it has installed the dependencies.
  const [{ default: Fastify }, { default: pg }] = await Promise.all([import('fastify'), import('pg')]);
  const url = new URL(String(process.env.REFERENCE_DATABASE_URL));
  url.searchParams.set('options', `-c search_path=${process.env.REFERENCE_SCHEMA}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const app = Fastify();
  app.post('/posts/:id/like', async (request) => {
    const { id } = /** @type {{ id: string }} */ (request.params);
    const { rows } = await pool.query({ ...TOGGLE, values: [id, request.headers['x-member']] });
    return rows[0];
  });
  const listening = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ url: listening });
  // The parent going away (or closing the channel) ends the reference too.
  process.on(
    'disconnect',
    () =>
      void app
        .close()
        .then(() => pool.end())
        .then(() => process.exit(0)),
  );
}

if (process.env.REFERENCE_SCHEMA) await serve();
